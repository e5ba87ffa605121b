import LocaleKit
import PaywallModel

extension CompiledSnapshot {
    /// The matcher the resolver matches a paywall's or a flow's localizations with (nil for an onboarding, or a key the
    /// snapshot does not hold), the one it keeps: for what many locales get at once (the console's placements list),
    /// without a bundle resolved for each.
    public func localeMatcher(forContent key: String, of kind: PlacementKind, mode: MatchMode = .cldr) -> LocaleMatcher? {
        switch kind {
        case .paywall: paywall(key).map { resolver.matcher(for: $0, mode: mode) }
        case .flow: flow(key).map { resolver.matcher(for: $0, mode: mode) }
        case .onboarding: nil
        }
    }
}
