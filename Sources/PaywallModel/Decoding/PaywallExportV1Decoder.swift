/// Reads a `paywall-export` v1 document (docs/formats.md). Every structural problem is reported at its
/// pointer; an element with a problem is left out, and the cross-reference checks that follow see
/// only complete elements.
///
/// The elements of the four collections may be handed over one at a time while the document is being
/// parsed (`take`), so that a large export is never held whole as a JSON tree; whatever was not handed
/// over is read from the root object by `decode`.
final class PaywallExportV1Decoder {
    static let collections: [String] = ["segments", "products", "paywalls", "placements"]

    let issues: IssueCollector
    /// Says what is wrong with a locale key, or nil when it is a valid tag.
    let localeProblem: (String) -> String?

    private var segments: [Located<Segment>] = []
    private var products: [Located<Product>] = []
    /// Paywalls without a default locale of their own get the export's once it is known.
    private var paywalls: [Located<Paywall>] = []
    private var paywallsWithoutDefault: Set<Int> = []
    private var placements: [Located<Placement>] = []
    private var declaredIDs: [String: Set<String>] = [:]
    private var taken: Set<String> = []

    init(issues: IssueCollector, localeProblem: @escaping (String) -> String?) {
        self.issues = issues
        self.localeProblem = localeProblem
    }

    /// Decodes element `index` of the collection `key` (one of `collections`).
    func take(_ key: String, index: Int, element: JSONValue) {
        taken.insert(key)
        let pointer = JSONPointer.root.appending(key).appending(index)
        if let id = element.objectValue?["id"]?.stringValue { declaredIDs[key, default: []].insert(id) }
        guard let reader = FieldReader(element, at: pointer, issues: issues) else { return }
        switch key {
        case "segments": decodeSegment(reader).map { segments.append(Located(pointer: pointer, value: $0)) }
        case "products": decodeProduct(reader).map { products.append(Located(pointer: pointer, value: $0)) }
        case "paywalls":
            guard let paywall = decodePaywall(reader) else { return }
            if reader.isAbsent("default_locale") { paywallsWithoutDefault.insert(paywalls.count) }
            paywalls.append(Located(pointer: pointer, value: paywall))
        case "placements": decodePlacement(reader).map { placements.append(Located(pointer: pointer, value: $0)) }
        default: break
        }
    }

    func decode(_ root: FieldReader) -> (export: PaywallExport, located: LocatedExport)? {
        let appID = root.identifier("app_id")
        let revision = root.integer("revision", in: 0...Int(Int32.max))
        let exportedAt = root.string("exported_at")
        if let exportedAt {
            do throws(RFC3339Error) {
                _ = try epochMilliseconds(rfc3339: exportedAt)
            } catch {
                issues.report(root.at("exported_at"), error.description)
            }
        }
        let defaultLocale = root.locale("default_locale", problem: localeProblem)
        for key in Self.collections where !taken.contains(key) {
            for (index, element) in (root.array(key) ?? []).enumerated() { take(key, index: index, element: element.value) }
        }
        for index in paywallsWithoutDefault {
            var paywall = paywalls[index].value
            paywall.defaultLocale = defaultLocale ?? "en"
            paywalls[index] = Located(pointer: paywalls[index].pointer, value: paywall)
        }
        let located = LocatedExport(
            segments: segments, products: products, paywalls: paywalls, placements: placements,
            declaredIDs: (declaredIDs["segments"] ?? [], declaredIDs["products"] ?? [], declaredIDs["paywalls"] ?? [])
        )
        guard let appID, let revision, let exportedAt, let defaultLocale else { return nil }
        let export = PaywallExport(appID: appID, revision: revision, exportedAt: exportedAt, defaultLocale: defaultLocale,
                                   format: .paywallExport(version: 1), segments: located.segments.map(\.value),
                                   products: located.products.map(\.value), paywalls: located.paywalls.map(\.value),
                                   placements: located.placements.map(\.value))
        return (export, located)
    }

    private func decodeSegment(_ reader: FieldReader) -> Segment? {
        let id = reader.identifier("id")
        let conditionsRead = reader.array("conditions", atMost: ExportLimits.conditionsPerSegment, "conditions in a segment")
        let conditions = (conditionsRead ?? []).map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decodeCondition)
        }
        guard let id, conditionsRead != nil, !conditions.contains(where: { $0 == nil }) else { return nil }
        return Segment(id: id, conditions: conditions.compactMap { $0 })
    }

    private func decodeCondition(_ reader: FieldReader) -> Condition? {
        let attribute = reader.identifier("attribute")
        guard let opName = reader.string("op") else { return nil }
        guard let op = Condition.Operator(rawValue: opName) else {
            let known = Condition.Operator.allCases.map(\.rawValue).joined(separator: ", ")
            issues.report(reader.at("op"), "unknown condition op '\(opName)' (expected one of \(known))")
            return nil
        }
        let values: [String]?
        switch op.operands {
        case .list:
            values = reader.strings("values", atMost: ExportLimits.valuesPerCondition, "values in a condition")
            if values?.isEmpty == true { issues.report(reader.at("values"), "must list at least one value") }
        case .single:
            values = reader.string("value").map { [$0] }
        case .none:
            values = []
        }
        guard let attribute, let values, !(op.operands == .list && values.isEmpty) else { return nil }
        if attribute == "app_version", op != .exists, let bad = values.first(where: { DottedVersion($0) == nil }) {
            issues.report(reader.at(op.operands == .list ? "values" : "value"), "'\(bad)' is not a dotted version such as 2.0.1")
            return nil
        }
        return Condition(attribute: attribute, op: op, values: values)
    }

    private func decodeProduct(_ reader: FieldReader) -> Product? {
        let id = reader.identifier("id")
        let vendorProductID = reader.identifier("vendor_product_id")
        let accessLevelID = reader.identifier("access_level_id", required: false)
        let period = reader.optionalObject("period", decodePeriod)
        let trial = reader.optionalObject("trial", decodePeriod)
        let titles = localizedTexts(reader, "titles")
        let pricesRead = reader.array("prices", atMost: ExportLimits.pricesPerProduct, "prices of a product")
        let prices = (pricesRead ?? []).map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decodePrice)
        }
        guard let id, let vendorProductID, period.valid, trial.valid, let titles, pricesRead != nil,
              !prices.contains(where: { $0 == nil }) else { return nil }
        return Product(id: id, vendorProductID: vendorProductID, accessLevelID: accessLevelID, period: period.value,
                       trial: trial.value, titles: titles, prices: prices.compactMap { $0 })
    }

    private func decodePeriod(_ reader: FieldReader) -> SubscriptionPeriod? {
        let count = reader.integer("count", in: 1...1000)
        guard let unitName = reader.string("unit") else { return nil }
        guard let unit = SubscriptionPeriod.Unit(rawValue: unitName) else {
            issues.report(reader.at("unit"), "unknown period unit '\(unitName)' (expected day, week, month or year)")
            return nil
        }
        return count.map { SubscriptionPeriod(unit: unit, count: $0) }
    }

    private func decodePrice(_ reader: FieldReader) -> Price? {
        let country = code(reader, "country", length: 2, example: "BR")
        let currency = code(reader, "currency", length: 3, example: "BRL")
        let amount = reader.string("amount")
        if let amount, let problem = amountProblem(amount) {
            issues.report(reader.at("amount"), problem)
            return nil
        }
        guard let country, let currency, let amount else { return nil }
        return Price(country: country, currency: currency, amount: amount)
    }

    private func decodePaywall(_ reader: FieldReader) -> Paywall? {
        let id = reader.identifier("id")
        let name = reader.string("name")
        let productKeys = reader.strings("product_ids", atMost: ExportLimits.productsPerPaywall, "products in a paywall")
            .flatMap { reader.noneRepeated($0, in: "product_ids", "product") ? $0 : nil }
        // Without its own, a paywall takes the export's default locale (filled in by `decode`).
        let defaultLocale = reader.locale("default_locale", required: false, problem: localeProblem) ?? ""
        var localizations: [Localization] = []
        let localizationMembers = reader.objectValue("localizations")?.members ?? []
        var complete = reader.withinLimit("localizations", count: localizationMembers.count, ExportLimits.localesPerPaywall, "localizations of a paywall")
        for member in complete ? localizationMembers : [] {
            let pointer = reader.at("localizations").appending(member.key)
            if let problem = localeProblem(member.key) {
                issues.report(pointer, "invalid locale key: \(problem)")
                complete = false
            } else if let localization = FieldReader(member.value, at: pointer, issues: issues).flatMap({ decodeLocalization($0, locale: member.key) }) {
                localizations.append(localization)
            } else {
                complete = false
            }
        }
        let view = reader.optionalObject("view", decodeView)
        guard let id, let name, let productKeys, complete, view.valid else { return nil }
        return Paywall(id: id, name: name, productKeys: productKeys, defaultLocale: defaultLocale,
                       localizations: localizations, view: view.value)
    }

    private func decodeLocalization(_ reader: FieldReader, locale: String) -> Localization? {
        let strings = reader.objectValue("strings", required: false)
        let assets = reader.objectValue("assets", required: false)
        let isRightToLeft = reader.bool("is_right_to_left", required: false)
        let stringsValid = strings.map { checkStringValues($0, at: reader.at("strings")) } ?? true
        guard stringsValid, assets != nil || reader.isAbsent("assets"), isRightToLeft != nil || reader.isAbsent("is_right_to_left") else { return nil }
        return Localization(locale: locale, remoteConfig: reader.value("remote_config", required: false),
                            strings: strings ?? JSONObject(), assets: assets ?? JSONObject(), isRightToLeft: isRightToLeft)
    }

    /// String values are plain strings or rich-text arrays.
    private func checkStringValues(_ strings: JSONObject, at pointer: JSONPointer) -> Bool {
        var valid = true
        for member in strings.members {
            switch member.value {
            case .string, .array: continue
            default:
                issues.report(pointer.appending(member.key), "expected a string or a rich-text array, found \(member.value.kind)")
                valid = false
            }
        }
        return valid
    }

    private func decodeView(_ reader: FieldReader) -> ViewConfiguration? {
        let templateID = reader.identifier("template_id", required: false)
        let assets = reader.objectValue("assets", required: false)
        let timers = reader.strings("timers", required: false)
        let customActions = reader.strings("custom_actions", required: false)
        let allRead = [("template_id", templateID != nil), ("assets", assets != nil), ("timers", timers != nil),
                       ("custom_actions", customActions != nil)].allSatisfy { key, read in read || reader.isAbsent(key) }
        guard allRead else { return nil }
        return ViewConfiguration(templateID: templateID, assets: assets ?? JSONObject(), timers: timers ?? [],
                                 customActions: customActions ?? [])
    }

    private func decodePlacement(_ reader: FieldReader) -> Placement? {
        let id = reader.identifier("id")
        let audiencesRead = reader.array("audiences", atMost: ExportLimits.audiencesPerPlacement, "audiences of a placement")
        let audiences = (audiencesRead ?? []).map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decodeAudience)
        }
        guard let id, audiencesRead != nil, !audiences.contains(where: { $0 == nil }) else { return nil }
        return Placement(id: id, audiences: audiences.compactMap { $0 })
    }

    private func decodeAudience(_ reader: FieldReader) -> Audience? {
        let name = reader.string("name")
        let priority = reader.integer("priority", in: Int(Int32.min)...Int(Int32.max))
        let segmentIDs = reader.strings("segment_ids", atMost: ExportLimits.segmentsPerAudience, "segments of an audience")
            .flatMap { reader.noneRepeated($0, in: "segment_ids", "segment") ? $0 : nil }
        let versionID = reader.identifier("version_id")
        let variations = (reader.array("variations") ?? []).map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decodeVariation)
        }
        guard let name, let priority, let segmentIDs, let versionID, !variations.contains(where: { $0 == nil }) else { return nil }
        return Audience(name: name, priority: priority, segmentIDs: segmentIDs, versionID: versionID,
                        variations: variations.compactMap { $0 })
    }

    private func decodeVariation(_ reader: FieldReader) -> Variation? {
        let variationID = reader.identifier("variation_id")
        let paywallID = reader.identifier("paywall_id")
        let weight = reader.integer("weight", in: 0...100)
        guard let variationID, let paywallID, let weight else { return nil }
        return Variation(variationID: variationID, contentKey: paywallID, weight: weight)
    }

    // MARK: Small value checks

    /// An object of texts keyed by locale (product titles).
    private func localizedTexts(_ reader: FieldReader, _ key: String) -> [String: String]? {
        guard let object = reader.objectValue(key, required: false) else {
            return reader.isAbsent(key) ? [:] : nil
        }
        guard reader.withinLimit(key, count: object.members.count, ExportLimits.localesPerPaywall, "languages of a product's titles") else { return nil }
        var texts: [String: String] = [:]
        var valid = true
        for member in object.members {
            let pointer = reader.at(key).appending(member.key)
            if let problem = localeProblem(member.key) {
                issues.report(pointer, "invalid locale key: \(problem)")
                valid = false
            } else if case let .string(text) = member.value {
                texts[member.key] = text
            } else {
                issues.report(pointer, "expected a string, found \(member.value.kind)")
                valid = false
            }
        }
        return valid ? texts : nil
    }

    private func code(_ reader: FieldReader, _ key: String, length: Int, example: String) -> String? {
        guard let text = reader.string(key) else { return nil }
        guard text.utf8.count == length, text.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            issues.report(reader.at(key), "'\(text)' is not a \(length)-letter upper-case code such as \(example)")
            return nil
        }
        return text
    }
}

/// What is wrong with a price's amount, or nil for one such as `49.90` or `1200`: digits with an optional fraction, no
/// sign, no exponent, no leading zero (bundles write it as a JSON number, as it is), at most 18 digits before the
/// point and 6 after (any price in any currency, in millionths of its unit). The bound comes before any work: each
/// amount is formatted, and a million digits took seconds and megabytes each.
func amountProblem(_ text: String) -> String? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let shown = text.count > 64 ? "'\(text.prefix(64))…'" : "'\(text)'"
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
          parts[0] == "0" || !parts[0].hasPrefix("0") else {
        return "\(shown) is not a decimal amount such as 49.90"
    }
    guard parts[0].utf8.count <= 18, parts.count == 1 || parts[1].utf8.count <= 6 else {
        return "\(shown) has more than 18 digits before its point or 6 after it"
    }
    return nil
}
