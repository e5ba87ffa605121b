/// The locales one preference falls back through, most specific first (docs/locales.md, Matching modes, `cldr` mode):
/// region -> CLDR parent (`es-MX` -> `es-419`) -> language+script -> language, the last step only when
/// the script is the language's default, so `zh-TW` never reaches Simplified `zh`; then the language's
/// CLDR parent language, which only Norwegian has (`nn` -> `no`).
public struct FallbackChain: Sendable, Equatable {
    /// Canonical tags without variants or extensions; the first is the preference itself.
    public let elements: [LanguageTag]

    /// CLDR parent chains are a few steps deep; the bound only guards against cyclic data.
    private static let maximumLength = 8

    public init(for tag: LanguageTag) {
        var elements = [tag.base]
        while elements.count < Self.maximumLength, let next = Self.step(after: elements[elements.count - 1]) {
            if elements.contains(where: { $0.identifier == next.identifier }) { break }
            elements.append(next)
        }
        self.elements = elements
    }

    private static func step(after tag: LanguageTag) -> LanguageTag? {
        if tag.region != nil {
            if let parent = tag.explicitParent { return parent }
            let withoutRegion = tag.hasDefaultScript ? tag.maximized.language : "\(tag.maximized.language)-\(tag.maximized.script)"
            return try? LanguageTag(parsing: withoutRegion)
        }
        if tag.script != nil {
            return tag.hasDefaultScript ? try? LanguageTag(parsing: tag.maximized.language) : nil
        }
        return tag.explicitParent
    }
}
