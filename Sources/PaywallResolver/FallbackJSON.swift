import PaywallModel

/// The pieces of a vendor fallback file that several kinds of variation share, as the vendor's SDKs
/// read them (docs/formats.md): one place writes each.
enum FallbackJSON {
    /// `{"lang", "data"}`: the SDKs require `data` to be the JSON object written as a string.
    static func remoteConfig(locale: String, document: JSONValue) -> JSONValue {
        .object(JSONObject(["lang": .string(locale), "data": .string(document.rendered())]))
    }

    /// The products of a paywall (formats 8 and 9) or of a paywall inside a flow (formats 10 and 11),
    /// by id: a product the export does not hold is named by its id. A flow's products need a
    /// `product_type`, which the model does not keep: `uncategorised` is what the SDKs make of a type
    /// they do not know, so it claims nothing.
    static func products(_ ids: [String], from products: [String: Product], inFlow: Bool) -> JSONValue {
        .array(ids.map { id in
            var product = JSONObject()
            let known = products[id]
            product.append("vendor_product_id", .string(known?.vendorProductID ?? id))
            product.append("adapty_product_id", .string(id))
            if let accessLevel = known?.accessLevelID { product.append("access_level_id", .string(accessLevel)) }
            if inFlow { product.append("product_type", .string("uncategorised")) }
            return .object(product)
        })
    }

    /// A Paywall Builder or UI schema localization: `{"id", "is_right_to_left"?, "strings", "assets"?}`.
    static func localization(locale: String, strings: JSONObject, assets: JSONObject, isRightToLeft: Bool?) -> JSONValue {
        var localization = JSONObject()
        localization.append("id", .string(locale))
        if let isRightToLeft { localization.append("is_right_to_left", .bool(isRightToLeft)) }
        localization.append("strings", .array(strings.members.map { member in
            .object(JSONObject(["id": .string(member.key), "value": member.value]))
        }))
        if !assets.members.isEmpty { localization.append("assets", assetList(assets)) }
        return .object(localization)
    }

    /// Assets as the vendor lists them (objects with an `id`), or keyed by id when one is not an object.
    static func assetList(_ assets: JSONObject) -> JSONValue {
        var list: [JSONValue] = []
        for member in assets.members {
            guard case let .object(fields) = member.value else { return .object(assets) }
            var asset = JSONObject()
            asset.append("id", .string(member.key))
            for field in fields.members where field.key != "id" { asset.append(field.key, field.value) }
            list.append(.object(asset))
        }
        return .array(list)
    }
}
