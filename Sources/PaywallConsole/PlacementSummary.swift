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
    /// Device locales whose users get an exact or fallback localization of every content the placement shows (by the
    /// resolver's own matchers); nil
    /// when it shows none with localizations (an onboarding's strings are not in the export).
    let covered: Int?

    /// - Parameter served: the keys of the snapshots being served, what `coverage` keeps its answers for.
    init?(id: String, in snapshot: CompiledSnapshot, coverage: DeviceCoverage, served: [String]) {
        guard let stored = snapshot.placement(id) else { return nil }
        let placement = stored.placement
        self.id = id
        source = snapshot.snapshot.source
        kind = placement.kind
        audiences = placement.audiences.map(\.name)
        variationCount = placement.audiences.reduce(0) { $0 + $1.variations.count }
        locales = Self.localizations(of: placement, in: snapshot)
        var contentKeys: [String] = []
        for variation in placement.audiences.flatMap(\.variations) where !contentKeys.contains(variation.contentKey) {
            contentKeys.append(variation.contentKey)
        }
        let perContent = contentKeys.compactMap { coverage.outcomes($0, of: placement.kind, in: snapshot, served: served) }
        covered = perContent.isEmpty ? nil : coverage.deviceLocales.indices.count { index in perContent.allSatisfy { $0[index] != .default } }
    }

    /// The localizations of everything `placement` shows, each once, in the order first met: none for an onboarding,
    /// whose strings the export does not hold.
    static func localizations(of placement: Placement, in snapshot: CompiledSnapshot) -> [String] {
        var locales: [String] = []
        for variation in placement.audiences.flatMap(\.variations) {
            for locale in snapshot.localeMatcher(forContent: variation.contentKey, of: placement.kind)?.available ?? [] where !locales.contains(locale) {
                locales.append(locale)
            }
        }
        return locales
    }
}
