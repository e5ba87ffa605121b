/// One variation of a fallback file, with the content it shows: the vendor repeats a paywall, an
/// onboarding or a flow, and its products, in every variation that shows them.
struct FallbackVariation {
    enum Content {
        case paywall(Located<Paywall>)
        case onboarding(Located<Onboarding>)
        case flow(Located<Flow>)

        var kind: PlacementKind {
            switch self {
            case .paywall: return .paywall
            case .onboarding: return .onboarding
            case .flow: return .flow
            }
        }
    }

    let variation: Variation
    /// Located at the variation.
    let content: Content
    let products: [Located<Product>]
}
