import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// What the placements list says of one placement: what it shows, to whom, in which languages, and how many
/// of the device locales get a translation of their own (not the default).
struct PlacementSummary {
    let id: String
    let source: String
    let kind: PlacementKind
    let audiences: [String]
    let variationCount: Int
    /// The localizations of everything the placement shows, each once, in the order first met.
    let locales: [String]
    /// Device locales whose users get an exact or fallback localization of every content the placement shows; nil
    /// when it shows none with localizations (an onboarding's strings are not in the export).
    let covered: Int?

    init?(id: String, in snapshot: CompiledSnapshot, deviceLocales: [String], policy: LocalePolicy) {
        guard let stored = snapshot.placement(id) else { return nil }
        let placement = stored.placement
        self.id = id
        source = snapshot.snapshot.source
        kind = placement.kind
        audiences = placement.audiences.map(\.name)
        let variations = placement.audiences.flatMap(\.variations)
        variationCount = variations.count
        let contents = Self.contents(of: placement, in: snapshot)
        locales = Self.localizations(of: contents)
        guard !contents.isEmpty else {
            covered = nil
            return
        }
        let matchers = contents.map { LocaleMatcher(available: $0.locales, defaultLocale: $0.defaultLocale, policy: policy) }
        covered = deviceLocales.count { device in
            matchers.allSatisfy { $0.match([device]).outcome != .default }
        }
    }

    /// The localizations and the default of each content the placement shows, as the resolver matches them: none
    /// for an onboarding, whose strings the export does not hold.
    static func contents(of placement: Placement, in snapshot: CompiledSnapshot) -> [(locales: [String], defaultLocale: String)] {
        var contentKeys: [String] = []
        for variation in placement.audiences.flatMap(\.variations) where !contentKeys.contains(variation.contentKey) {
            contentKeys.append(variation.contentKey)
        }
        return contentKeys.compactMap { key in
            switch placement.kind {
            case .paywall: return snapshot.paywall(key).map { ($0.locales, $0.defaultLocale) }
            case .flow: return snapshot.flow(key).map { ($0.locales, $0.defaultLocale) }
            case .onboarding: return nil
            }
        }
    }

    /// Every content's localizations, each once, in the order first met.
    static func localizations(of contents: [(locales: [String], defaultLocale: String)]) -> [String] {
        var locales: [String] = []
        for locale in contents.flatMap(\.locales) where !locales.contains(locale) { locales.append(locale) }
        return locales
    }
}
