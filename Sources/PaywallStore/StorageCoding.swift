import PaywallModel

// The model as stored JSON and back: snake_case members, and an absent member for nil, so that
// `.some(.null)` and nil stay apart.

extension ExportFormat {
    /// Reads `description` back (`paywall-export v1`).
    init(stored text: String) throws(StorageDecodingError) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[1].first == "v", let version = Int(parts[1].dropFirst()) else {
            throw StorageDecodingError(reason: "unknown format '\(text)'")
        }
        switch parts[0] {
        case "paywall-export": self = .paywallExport(version: version)
        case "adapty-fallback": self = .adaptyFallback(version: version)
        default: throw StorageDecodingError(reason: "unknown format '\(text)'")
        }
    }
}

extension Segment {
    var stored: JSONValue {
        .object(JSONObject(["id": .string(id), "conditions": .array(conditions.map(\.stored))]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: try fields.string("id"), conditions: try fields.array("conditions").map(Condition.init(stored:)))
    }
}

extension Condition {
    var stored: JSONValue {
        .object(JSONObject(["attribute": .string(attribute), "op": .string(op.rawValue), "values": .strings(values)]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        let name = try fields.string("op")
        guard let op = Operator(rawValue: name) else { throw StorageDecodingError(reason: "unknown operator '\(name)'") }
        self.init(attribute: try fields.string("attribute"), op: op, values: try fields.strings("values"))
    }
}

extension Placement {
    var stored: JSONValue {
        .object(JSONObject(["id": .string(id), "kind": .string(kind.rawValue), "audiences": .array(audiences.map(\.stored))]))
    }

    /// Placements stored before onboardings and flows (schema 3 and older) have no kind: paywalls.
    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        let kindName = try fields.optionalString("kind") ?? PlacementKind.paywall.rawValue
        guard let kind = PlacementKind(rawValue: kindName) else { throw StorageDecodingError(reason: "unknown placement kind '\(kindName)'") }
        self.init(id: try fields.string("id"), kind: kind, audiences: try fields.array("audiences").map(Audience.init(stored:)))
    }
}

extension Audience {
    var stored: JSONValue {
        .object(JSONObject([
            "name": .string(name), "priority": .integer(priority), "segment_ids": .strings(segmentIDs),
            "version_id": .string(versionID), "variations": .array(variations.map(\.stored)),
        ]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(name: try fields.string("name"), priority: try fields.integer("priority"),
                  segmentIDs: try fields.strings("segment_ids"), versionID: try fields.string("version_id"),
                  variations: try fields.array("variations").map(Variation.init(stored:)))
    }
}

extension Variation {
    var stored: JSONValue {
        var object = JSONObject(["variation_id": .string(variationID), "content_id": .string(contentKey), "weight": .integer(weight)])
        if let name { object.append("name", .string(name)) }
        return .object(object)
    }

    /// Variations stored before onboardings and flows (schema 3 and older) name a `paywall_id`.
    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        let contentKey = fields.optional("content_id") == nil ? try fields.string("paywall_id") : try fields.string("content_id")
        self.init(variationID: try fields.string("variation_id"), contentKey: contentKey, weight: try fields.integer("weight"),
                  name: try fields.optionalString("name"))
    }
}

extension Product {
    var stored: JSONValue {
        // Sorted, so that equal products store equal text.
        var storedTitles = JSONObject()
        for (locale, title) in titles.sorted(by: { $0.key < $1.key }) {
            storedTitles.append(locale, .string(title))
        }
        var object = JSONObject([
            "id": .string(id), "vendor_product_id": .string(vendorProductID), "titles": .object(storedTitles),
            "prices": .array(prices.map(\.stored)),
        ])
        if let accessLevelID { object.append("access_level_id", .string(accessLevelID)) }
        if let period { object.append("period", period.stored) }
        if let trial { object.append("trial", trial.stored) }
        if let vendorDetails { object.append("vendor", vendorDetails.stored) }
        return .object(object.appendingKey(key, unlessItIs: id))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        var titles: [String: String] = [:]
        for member in try fields.object("titles").members {
            guard case let .string(title) = member.value else { throw StorageDecodingError(reason: "title '\(member.key)' is not a string") }
            titles[member.key] = title
        }
        self.init(id: try fields.string("id"), vendorProductID: try fields.string("vendor_product_id"),
                  accessLevelID: try fields.optionalString("access_level_id"),
                  period: try fields.optional("period").map(SubscriptionPeriod.init(stored:)),
                  trial: try fields.optional("trial").map(SubscriptionPeriod.init(stored:)),
                  titles: titles, prices: try fields.array("prices").map(Price.init(stored:)),
                  vendorDetails: try fields.optional("vendor").map(VendorProductDetails.init(stored:)), key: try fields.optionalString("key"))
    }
}

extension SubscriptionPeriod {
    var stored: JSONValue {
        .object(JSONObject(["unit": .string(unit.rawValue), "count": .integer(count)]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        let name = try fields.string("unit")
        guard let unit = Unit(rawValue: name) else { throw StorageDecodingError(reason: "unknown period unit '\(name)'") }
        self.init(unit: unit, count: try fields.integer("count"))
    }
}

extension Price {
    var stored: JSONValue {
        .object(JSONObject(["country": .string(country), "currency": .string(currency), "amount": .string(amount)]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(country: try fields.string("country"), currency: try fields.string("currency"), amount: try fields.string("amount"))
    }
}

extension StoredPaywall {
    var stored: JSONValue {
        var object = JSONObject([
            "id": .string(id), "name": .string(name), "product_ids": .strings(productKeys),
            "default_locale": .string(defaultLocale), "locales": .strings(locales),
        ])
        if let view { object.append("view", view.stored) }
        if !localeIdentities.isEmpty { object.append("locale_identities", .strings(localeIdentities)) }
        return .object(object.appendingKey(key, unlessItIs: id))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: try fields.string("id"), name: try fields.string("name"), productKeys: try fields.strings("product_ids"),
                  defaultLocale: try fields.string("default_locale"),
                  view: try fields.optional("view").map(ViewConfiguration.init(stored:)), locales: try fields.strings("locales"),
                  localeIdentities: fields.optional("locale_identities") == nil ? [] : try fields.strings("locale_identities"),
                  key: try fields.optionalString("key"))
    }
}

extension ViewConfiguration {
    var stored: JSONValue {
        var object = JSONObject(["assets": .object(assets), "timers": .strings(timers), "custom_actions": .strings(customActions)])
        if let templateID { object.append("template_id", .string(templateID)) }
        return .object(object)
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(templateID: try fields.optionalString("template_id"), assets: try fields.object("assets"),
                  timers: try fields.strings("timers"), customActions: try fields.strings("custom_actions"))
    }
}

extension Localization {
    /// Everything but the locale, which the store keeps in its own column.
    var stored: JSONValue {
        var object = JSONObject(["strings": .object(strings), "assets": .object(assets)])
        if let remoteConfig { object.append("remote_config", remoteConfig) }
        if let isRightToLeft { object.append("is_right_to_left", .bool(isRightToLeft)) }
        return .object(object)
    }

    init(locale: String, stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(locale: locale, remoteConfig: fields.optional("remote_config"), strings: try fields.object("strings"),
                  assets: try fields.object("assets"), isRightToLeft: try fields.optionalBool("is_right_to_left"))
    }
}

extension RemoteConfig {
    var stored: JSONValue {
        .object(JSONObject(["locale": .string(locale), "document": document]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(locale: try fields.string("locale"), document: try fields.value("document"))
    }
}

extension Onboarding {
    var stored: JSONValue {
        var object = JSONObject([
            "id": .string(id), "name": .string(name), "config_url": .string(configURL), "builder_locale": .string(builderLocale),
        ])
        if let remoteConfig { object.append("remote_config", remoteConfig.stored) }
        return .object(object.appendingKey(key, unlessItIs: id))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: try fields.string("id"), name: try fields.string("name"), configURL: try fields.string("config_url"),
                  builderLocale: try fields.string("builder_locale"),
                  remoteConfig: try fields.optional("remote_config").map(RemoteConfig.init(stored:)), key: try fields.optionalString("key"))
    }
}

extension Flow {
    var stored: JSONValue {
        var object = JSONObject([
            "id": .string(id), "name": .string(name), "remote_configs": .array(remoteConfigs.map(\.stored)),
            "paywalls": .array(paywalls.map(\.stored)), "layouts": .array(layouts.map(\.stored)),
        ])
        if let versionID { object.append("version_id", .string(versionID)) }
        if let grids { object.append("grids", grids) }
        return .object(object.appendingKey(key, unlessItIs: id))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: try fields.string("id"), name: try fields.string("name"), versionID: try fields.optionalString("version_id"),
                  remoteConfigs: try fields.array("remote_configs").map(RemoteConfig.init(stored:)),
                  paywalls: try fields.array("paywalls").map(FlowPaywall.init(stored:)),
                  layouts: try fields.array("layouts").map(FlowLayout.init(stored:)), grids: fields.optional("grids"),
                  key: try fields.optionalString("key"))
    }
}

extension FlowPaywall {
    var stored: JSONValue {
        var object = JSONObject([
            "variation_id": .string(variationID), "paywall_id": .string(paywallID), "paywall_name": .string(paywallName),
            "product_ids": .strings(productKeys),
        ])
        if let webPurchaseURL { object.append("web_purchase_url", .string(webPurchaseURL)) }
        return .object(object)
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(variationID: try fields.string("variation_id"), paywallID: try fields.string("paywall_id"),
                  paywallName: try fields.string("paywall_name"), webPurchaseURL: try fields.optionalString("web_purchase_url"),
                  productKeys: try fields.strings("product_ids"))
    }
}

extension FlowLayout {
    var stored: JSONValue {
        var object = JSONObject(["id": .string(id), "localizations": .array(localizations.map { localization in
            .object((localization.stored.objectValue ?? JSONObject()).replacing("locale", with: .string(localization.locale)))
        })])
        if let defaultLocale { object.append("default_locale", .string(defaultLocale)) }
        return .object(object)
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: try fields.string("id"), defaultLocale: try fields.optionalString("default_locale"),
                  localizations: try fields.array("localizations").map { (entry) throws(StorageDecodingError) in
                      try Localization(locale: try StoredFields(entry).string("locale"), stored: entry)
                  })
    }
}

extension VendorProductDetails {
    /// The text members, by their stored names (key paths are not `Sendable`: made on each use).
    private static var members: [(name: String, text: WritableKeyPath<VendorProductDetails, String?>)] {
        [("adapty_product_id", \.adaptyProductID), ("product_type", \.productType), ("title", \.title),
         ("promotional_offer_id", \.promotionalOfferID), ("win_back_offer_id", \.winBackOfferID), ("base_plan_id", \.basePlanID),
         ("offer_id", \.offerID), ("flow_product_id", \.flowProductID)]
    }

    var stored: JSONValue {
        var object = JSONObject()
        for member in Self.members {
            if let text = self[keyPath: member.text] { object.append(member.name, .string(text)) }
        }
        if let promotionalOfferEligibility { object.append("promotional_offer_eligibility", .bool(promotionalOfferEligibility)) }
        return .object(object)
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init()
        for member in Self.members {
            self[keyPath: member.text] = try fields.optionalString(member.name)
        }
        promotionalOfferEligibility = try fields.optionalBool("promotional_offer_eligibility")
    }
}

extension JSONObject {
    /// With a `key` member when the element's key is not its id (`Paywall.key`): most are not stored.
    fileprivate func appendingKey(_ key: String, unlessItIs id: String) -> JSONObject {
        guard key != id else { return self }
        var object = self
        object.append("key", .string(key))
        return object
    }
}

extension SnapshotInfo {
    /// As `ResolutionImage` keeps it: every field, the id as a number.
    var stored: JSONValue {
        .object(JSONObject([
            "id": .integer(Int(id)), "source": .string(source), "format": .string(format), "app_id": .string(appID),
            "revision": .integer(revision), "exported_at": .string(exportedAt), "imported_at": .string(importedAt),
            "content_hash": .string(contentHash),
        ]))
    }

    init(stored: JSONValue) throws(StorageDecodingError) {
        let fields = try StoredFields(stored)
        self.init(id: Int64(try fields.integer("id")), source: try fields.string("source"), format: try fields.string("format"),
                  appID: try fields.string("app_id"), revision: try fields.integer("revision"),
                  exportedAt: try fields.string("exported_at"), importedAt: try fields.string("imported_at"),
                  contentHash: try fields.string("content_hash"))
    }
}
