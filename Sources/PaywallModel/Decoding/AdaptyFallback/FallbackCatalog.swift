/// The distinct paywalls, onboardings, flows and products of a fallback file, which repeats them in
/// every variation that shows them: each is kept once, at its first place, and a later copy that
/// differs is reported.
struct FallbackCatalog {
    private(set) var paywalls = Catalog<Paywall>(noun: "paywall")
    private(set) var onboardings = Catalog<Onboarding>(noun: "onboarding")
    private(set) var flows = Catalog<Flow>(noun: "flow")
    private(set) var products = Catalog<Product>(noun: "product")

    mutating func add(_ variation: FallbackVariation, issues: IssueCollector) {
        switch variation.content {
        case let .paywall(paywall): paywalls.add(paywall, id: paywall.value.id, issues: issues)
        case let .onboarding(onboarding): onboardings.add(onboarding, id: onboarding.value.id, issues: issues)
        case let .flow(flow): flows.add(flow, id: flow.value.id, issues: issues)
        }
        for product in variation.products {
            products.add(product, id: product.value.id, issues: issues)
        }
    }
}

/// Elements of one kind, each id once, in the order first seen.
struct Catalog<Element: Equatable> {
    let noun: String
    private(set) var elements: [Located<Element>] = []
    private var index: [String: Int] = [:]

    init(noun: String) {
        self.noun = noun
    }

    var values: [Element] { elements.map(\.value) }

    mutating func add(_ element: Located<Element>, id: String, issues: IssueCollector) {
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
