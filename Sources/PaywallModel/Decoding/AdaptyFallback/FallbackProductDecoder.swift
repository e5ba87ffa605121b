/// Reads the products of a paywall variation, or of a paywall inside a flow, as the vendor's SDK of
/// the file's format version reads them (docs/formats.md): every version requires `adapty_product_id`
/// and `vendor_product_id`; from format 9 `access_level_id` and `product_type` too; offers and the
/// Android and flow ids are optional. Products carry no period, price or localized title in the
/// vendor's file; the model's id is the `adapty_product_id`, and what the file says beyond the store id
/// and access level is kept as `VendorProductDetails`.
struct FallbackProductDecoder {
    let version: Int
    let issues: IssueCollector

    /// A paywall's products, each id once. The SDKs load a list that repeats one (and show each copy): the
    /// first is read and the others left out, with a warning per repeated id, so that a paywall listing
    /// one product thousands of times costs what one listing costs.
    func decodeList(_ reader: FieldReader) -> [Located<Product>]? {
        guard let elements = reader.array("products") else { return nil }
        let products = elements.map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decode).map { Located(pointer: element.pointer, value: $0) }
        }
        guard !products.contains(where: { $0 == nil }) else { return nil }
        var firstPlace: [String: JSONPointer] = [:]
        var repeated: Set<String> = []
        var kept: [Located<Product>] = []
        for product in products.compactMap({ $0 }) {
            guard let first = firstPlace[product.value.id] else {
                firstPlace[product.value.id] = product.pointer
                kept.append(product)
                continue
            }
            if repeated.insert(product.value.id).inserted {
                issues.warn(product.pointer, "product '\(product.value.id)' is listed already at \(first): the first is read, and each later copy left out")
            }
        }
        return kept
    }

    private func decode(_ reader: FieldReader) -> Product? {
        let adaptyProductID = reader.identifier("adapty_product_id")
        let vendorProductID = reader.identifier("vendor_product_id")
        // Required from format 9; format 8 has `is_consumable` instead, which no SDK of it needs.
        let accessLevelID = reader.identifier("access_level_id", required: version >= 9)
        let productType = reader.string("product_type", required: version >= 9)
        func text(_ key: String) -> (value: String?, valid: Bool) { reader.optional(key, reader.string) }
        let title = text("title"), promotionalOffer = text("promotional_offer_id"), winBackOffer = text("win_back_offer_id")
        let basePlan = text("base_plan_id"), offer = text("offer_id"), flowProduct = text("flow_product_id")
        let eligibility = reader.optional("promotional_offer_eligibility", reader.bool)
        guard let adaptyProductID, let vendorProductID, accessLevelID != nil || (version < 9 && reader.isAbsent("access_level_id")),
              productType != nil || (version < 9 && reader.isAbsent("product_type")),
              [title, promotionalOffer, winBackOffer, basePlan, offer, flowProduct].allSatisfy(\.valid), eligibility.valid else { return nil }
        let details = VendorProductDetails(adaptyProductID: adaptyProductID, productType: productType, title: title.value,
                                           promotionalOfferID: promotionalOffer.value, promotionalOfferEligibility: eligibility.value,
                                           winBackOfferID: winBackOffer.value, basePlanID: basePlan.value, offerID: offer.value,
                                           flowProductID: flowProduct.value)
        return Product(id: adaptyProductID, vendorProductID: vendorProductID, accessLevelID: accessLevelID, period: nil, trial: nil,
                       titles: [:], prices: [], vendorDetails: details)
    }
}
