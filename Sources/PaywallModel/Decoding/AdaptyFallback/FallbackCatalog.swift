/// The distinct paywalls and products of a fallback file, which repeats them in every variation that
/// shows them: each is kept once, at its first place, and a later copy that differs is reported.
struct FallbackCatalog {
    private(set) var paywalls: [Located<Paywall>] = []
    private(set) var products: [Located<Product>] = []
    private var paywallIndex: [String: Int] = [:]
    private var productIndex: [String: Int] = [:]

    mutating func add(_ variation: FallbackVariation, issues: IssueCollector) {
        Self.add(variation.paywall, id: variation.paywall.value.id, noun: "paywall", to: &paywalls, index: &paywallIndex, issues: issues)
        for product in variation.products {
            Self.add(product, id: product.value.id, noun: "product", to: &products, index: &productIndex, issues: issues)
        }
    }

    private static func add<T: Equatable>(_ element: Located<T>, id: String, noun: String, to elements: inout [Located<T>],
                                          index: inout [String: Int], issues: IssueCollector) {
        guard let position = index[id] else {
            index[id] = elements.count
            elements.append(element)
            return
        }
        let first = elements[position]
        if first.value != element.value {
            issues.report(element.pointer, "\(noun) '\(id)' differs from the \(noun) of the same id at \(first.pointer)")
        }
    }
}
