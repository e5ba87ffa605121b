/// The distinct paywalls, onboardings, flows and products of a fallback file, which repeats them in
/// every variation that shows them: each is kept once, at its first place. The vendor's SDKs decode
/// each variation on its own, so a later copy may differ (a flow at another version, a product sold
/// with other offers): it is kept too, under a key of its own, and a warning names both places.
struct FallbackCatalog {
    private(set) var paywalls = Catalog<Paywall>(noun: "paywall", keyPath: \.key)
    private(set) var onboardings = Catalog<Onboarding>(noun: "onboarding", keyPath: \.key)
    private(set) var flows = Catalog<Flow>(noun: "flow", keyPath: \.key)
    private(set) var products = Catalog<Product>(noun: "product", keyPath: \.key)

    /// The variation as the catalog keeps it: showing its content by key, the content selling its
    /// products by key.
    mutating func add(_ variation: FallbackVariation, warnings: inout [ValidationIssue]) -> Variation {
        var keys: [String: String] = [:]
        for product in variation.products {
            keys[product.value.id] = products.add(product, id: product.value.id, warnings: &warnings)
        }
        func sold(_ productKeys: [String]) -> [String] {
            productKeys.map { keys[$0] ?? $0 }
        }
        var kept = variation.variation
        switch variation.content {
        case let .paywall(paywall):
            var selling = paywall.value
            selling.productKeys = sold(selling.productKeys)
            kept.contentKey = paywalls.add(Located(pointer: paywall.pointer, value: selling), id: selling.id, warnings: &warnings)
        case let .onboarding(onboarding):
            kept.contentKey = onboardings.add(onboarding, id: onboarding.value.id, warnings: &warnings)
        case let .flow(flow):
            var selling = flow.value
            for index in selling.paywalls.indices {
                selling.paywalls[index].productKeys = sold(selling.paywalls[index].productKeys)
            }
            kept.contentKey = flows.add(Located(pointer: flow.pointer, value: selling), id: selling.id, warnings: &warnings)
        }
        return kept
    }
}

/// Elements of one kind in the order first seen, each distinct content of an id once: the first under
/// the id itself, another under `id~2`, `id~3`, … (the first such key no element has). Each element is
/// looked up by its content, so that a file repeating an id thousands of times costs no more per copy.
struct Catalog<Element: Hashable> {
    let noun: String
    let keyPath: WritableKeyPath<Element, String>
    private(set) var elements: [Located<Element>] = []
    /// The key each distinct content is kept under, the content keyed by its id.
    private var keyOfContent: [Element: String] = [:]
    /// The position of the first element of each id.
    private var firstPosition: [String: Int] = [:]
    /// The next `~` suffix to try for each id: keys taken before are never tried again.
    private var nextSuffix: [String: Int] = [:]
    private var keys: Set<String> = []

    init(noun: String, keyPath: WritableKeyPath<Element, String>) {
        self.noun = noun
        self.keyPath = keyPath
    }

    var values: [Element] { elements.map(\.value) }

    /// The key the element is kept under.
    mutating func add(_ element: Located<Element>, id: String, warnings: inout [ValidationIssue]) -> String {
        var content = element.value
        content[keyPath: keyPath] = id
        if let key = keyOfContent[content] { return key }
        var key = id
        var suffix = nextSuffix[id, default: 1]
        while keys.contains(key) {
            suffix += 1
            key = "\(id)~\(suffix)"
        }
        nextSuffix[id] = suffix
        if let first = firstPosition[id] {
            warnings.append(ValidationIssue(element.pointer, "\(noun) '\(id)' differs from the \(noun) of the same id at "
                                                + "\(elements[first].pointer): each keeps its own, as '\(key)'"))
        } else {
            firstPosition[id] = elements.count
        }
        var kept = element.value
        kept[keyPath: keyPath] = key
        keys.insert(key)
        keyOfContent[content] = key
        elements.append(Located(pointer: element.pointer, value: kept))
        return key
    }
}
