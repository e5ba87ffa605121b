/// Reads one variation of a fallback file (docs/formats.md): what every kind has (`variation_id`, `weight`),
/// then the content of its kind, told apart by its keys as the vendor's SDKs do: `onboarding_id` makes
/// an onboarding; otherwise formats 8 and 9 hold paywalls and formats 10 and 11 flows.
struct FallbackVariationDecoder {
    let version: Int
    let issues: IssueCollector
    let paywalls: PaywallVariationDecoder
    let onboardings: OnboardingVariationDecoder
    let flows: FlowVariationDecoder

    /// The kind of content a variation holds, from its keys.
    func kind(of reader: FieldReader) -> PlacementKind {
        if !reader.isAbsent("onboarding_id") { return .onboarding }
        return version < 10 ? .paywall : .flow
    }

    func decode(_ reader: FieldReader) -> FallbackVariation? {
        let variationID = reader.identifier("variation_id")
        // The vendor's Android SDK refuses a weight outside 1...100.
        let weight = reader.integer("weight", in: 1...100)
        let kind = kind(of: reader)
        if let misplaced = misplacedKey(in: reader, kind: kind) {
            issues.report(reader.at(misplaced.key), misplaced.problem)
            return nil
        }
        let decoded: (content: FallbackVariation.Content, products: [Located<Product>], name: String?)?
        switch kind {
        case .paywall:
            decoded = paywalls.decode(reader).map { (.paywall($0.paywall), $0.products, nil) }
        case .onboarding:
            decoded = onboardings.decode(reader).map { (.onboarding($0), [], nil) }
        case .flow:
            decoded = flows.decode(reader).map { (.flow($0.flow), $0.products, $0.variationName) }
        }
        guard let variationID, let weight, let decoded else { return nil }
        // The content's id, until `FallbackCatalog` gives the variation the key it keeps the content under.
        let contentKey: String
        switch decoded.content {
        case let .paywall(paywall): contentKey = paywall.value.id
        case let .onboarding(onboarding): contentKey = onboarding.value.id
        case let .flow(flow): contentKey = flow.value.id
        }
        return FallbackVariation(variation: Variation(variationID: variationID, contentKey: contentKey, weight: weight, name: decoded.name),
                                 content: decoded.content, products: decoded.products)
    }

    /// A paywall in a format of flows, or a flow in a format of paywalls: said plainly, rather than as
    /// the missing keys of the kind the format expects.
    private func misplacedKey(in reader: FieldReader, kind: PlacementKind) -> (key: String, problem: String)? {
        if kind == .flow, reader.isAbsent("flow_id"), !reader.isAbsent("paywall_id") {
            return ("paywall_id", "paywall variations are in formats 8 and 9; format \(version) has flows (flow_id) and onboardings (onboarding_id)")
        }
        if kind == .paywall, reader.isAbsent("paywall_id"), !reader.isAbsent("flow_id") {
            return ("flow_id", "flow variations are in formats 10 and 11; format \(version) has paywalls (paywall_id) and onboardings (onboarding_id)")
        }
        return nil
    }
}
