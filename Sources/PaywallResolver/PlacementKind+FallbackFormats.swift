import PaywallModel

extension PlacementKind {
    /// The vendor's fallback format versions that hold placements of this kind (docs/formats.md): its SDKs
    /// read paywall variations up to format 9, replaced by flows from format 10; onboardings are in
    /// every version.
    var fallbackFormats: ClosedRange<Int> {
        switch self {
        case .paywall: return 8...9
        case .onboarding: return 8...11
        case .flow: return 10...11
        }
    }

    /// "formats 8 and 9", "formats 8 to 11": for messages.
    var fallbackFormatsDescription: String {
        let (first, last) = (fallbackFormats.lowerBound, fallbackFormats.upperBound)
        return "formats \(first) \(last == first + 1 ? "and" : "to") \(last)"
    }
}
