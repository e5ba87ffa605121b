import PaywallModel

extension Event {
    /// The longest `event_id`, in bytes.
    public static let maximumIDBytes = 128
    /// The longest free text (`action.value`, `error.message`), in bytes.
    public static let maximumTextBytes = 2048

    /// An event read, or its first problem.
    public enum Reading: Sendable {
        case event(Event)
        case rejected(ValidationIssue)
    }

    /// The event `value` at `pointer` spells, or its first problem.
    public static func read(_ value: JSONValue, at pointer: JSONPointer) -> Reading {
        let issues = IssueCollector(limit: 1)
        guard let event = decoded(from: value, at: pointer, issues: issues) else {
            return .rejected(issues.issues.first ?? ValidationIssue(pointer, "not an event"))
        }
        return .event(event)
    }

    /// The event one line of JSON spells (`paywalls events ingest`), or its first problem.
    public static func read(json bytes: UnsafeRawBufferPointer) -> Reading {
        do throws(JSONSyntaxError) {
            return read(try JSONParser.parse(bytes), at: .root)
        } catch {
            return .rejected(ValidationIssue(.root, "not JSON: \(error)"))
        }
    }

    /// The event `value` at `pointer` spells, or nil with its first problem reported to `issues`.
    /// Members this version does not know are ignored, so that an SDK's newer fields do not cost the event.
    static func decoded(from value: JSONValue, at pointer: JSONPointer, issues: IssueCollector) -> Event? {
        let reported = issues.reportCount
        guard let reader = FieldReader(value, at: pointer, issues: issues, membersRequired: true) else { return nil }
        let id = reader.boundedText("event_id", maximumBytes: maximumIDBytes, required: true)
        let kind = reader.choice("type", of: Kind.self, required: true)
        let createdAt = reader.timestamp("created_at")
        guard let id, let kind, let createdAt, let profileID = reader.identifier("profile_id"),
              let placementID = reader.identifier("placement_id"), let variationID = reader.identifier("variation_id"),
              issues.reportCount == reported
        else { return nil }
        var event = Event(id: id, kind: kind, createdAtMilliseconds: createdAt, profileID: profileID, placementID: placementID,
                          variationID: variationID)
        event.locale = reader.identifier("locale", required: false)
        event.localeResult = reader.choice("locale_result", of: LocaleResult.self, required: false)
        event.requestedLocale = reader.identifier("requested_locale", required: false)
        event.country = reader.identifier("country", required: false)
        event.platform = reader.identifier("platform", required: false)
        event.appVersion = reader.identifier("app_version", required: false)
        event.snapshot = reader.identifier("snapshot", required: false)
        event.product = reader.reader("product", required: false).flatMap(Product.decoded)
        event.purchaseResult = reader.choice("purchase_result", of: PurchaseResult.self, required: kind == .purchaseFinished)
        if event.purchaseResult != nil, kind != .purchaseFinished {
            issues.report(reader.at("purchase_result"), "only a purchase_finished event has a purchase_result")
        }
        event.action = reader.reader("action", required: kind == .action).flatMap(Action.decoded)
        event.screen = reader.reader("screen", required: false).flatMap(Screen.decoded)
        event.failure = reader.reader("error", required: false).flatMap(Failure.decoded)
        return issues.reportCount == reported ? event : nil
    }
}

extension Event.Product {
    /// The most a price may be: a trillion units, in millionths (10¹⁸: ten of them overflow Int64, so the report sums
    /// revenue in Int128).
    static let maximumPriceMicros: Int64 = 1_000_000_000_000 * 1_000_000

    static func decoded(_ reader: FieldReader) -> Self? {
        let reported = reader.issues.reportCount
        let id = reader.identifier("vendor_product_id")
        let price = reader.price("price")
        let currency = reader.currency("currency", required: !reader.isAbsent("price"))
        guard let id, reader.issues.reportCount == reported else { return nil }
        return Self(vendorProductID: id, priceMicros: price, currency: currency)
    }
}

extension Event.Action {
    static func decoded(_ reader: FieldReader) -> Self? {
        let reported = reader.issues.reportCount
        let kind = reader.choice("type", of: Kind.self, required: true)
        let value = reader.boundedText("value", maximumBytes: Event.maximumTextBytes, required: false)
        guard let kind, reader.issues.reportCount == reported else { return nil }
        return Self(kind: kind, value: value)
    }
}

extension Event.Screen {
    static func decoded(_ reader: FieldReader) -> Self? {
        let reported = reader.issues.reportCount
        let screen = Self(id: reader.identifier("id", required: false), order: reader.integer("order", in: 0...1_000_000, required: false),
                          isLast: reader.bool("last", required: false))
        return reader.issues.reportCount == reported ? screen : nil
    }
}

extension Event.Failure {
    static func decoded(_ reader: FieldReader) -> Self? {
        let reported = reader.issues.reportCount
        let failure = Self(code: reader.boundedText("code", maximumBytes: 256, required: false),
                           message: reader.boundedText("message", maximumBytes: Event.maximumTextBytes, required: false))
        return reader.issues.reportCount == reported ? failure : nil
    }
}
