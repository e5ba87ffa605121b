/// Reads the products of a paywall variation, or of a paywall inside a flow. Products carry no period,
/// price or title in the vendor's file; the model's id is the vendor's `adapty_product_id`, else the
/// store's `vendor_product_id`.
struct FallbackProductDecoder {
    let issues: IssueCollector
    /// Whether these are a flow's products, which always name their `adapty_product_id`,
    /// `access_level_id` and `product_type` (the vendor's iOS SDK requires them).
    let forFlows: Bool

    func decodeList(_ reader: FieldReader) -> [Located<Product>]? {
        guard let elements = reader.array("products") else { return nil }
        let products = elements.map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decode).map { Located(pointer: element.pointer, value: $0) }
        }
        return products.contains { $0 == nil } ? nil : products.compactMap { $0 }
    }

    private func decode(_ reader: FieldReader) -> Product? {
        let vendorProductID = reader.identifier("vendor_product_id")
        let adaptyProductID = reader.identifier("adapty_product_id", required: forFlows)
        let accessLevelID = reader.identifier("access_level_id", required: forFlows)
        let productType = forFlows ? reader.string("product_type") : ""
        guard let vendorProductID, productType != nil, adaptyProductID != nil || reader.isAbsent("adapty_product_id"),
              accessLevelID != nil || reader.isAbsent("access_level_id") else { return nil }
        return Product(id: adaptyProductID ?? vendorProductID, vendorProductID: vendorProductID, accessLevelID: accessLevelID,
                       period: nil, trial: nil, titles: [:], prices: [])
    }
}
