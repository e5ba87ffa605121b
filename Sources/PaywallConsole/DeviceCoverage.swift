import LocaleKit
import PaywallModel
import PaywallResolver
import Synchronization

/// What each device locale gets of each paywall or flow (an exact localization, a fallback, or the default), worked
/// out once per content and snapshot by the resolver's own matcher, and kept: the placements list shows fifty placements a page, each over every device
/// locale, and the answers change only with the snapshot. Kept for the snapshots being served, dropped when they change.
public final class DeviceCoverage: Sendable {
    /// The device locales, in order.
    public let deviceLocales: [String]
    private let preferences: [[Preference]]
    private let kept = Mutex<(snapshots: [String], outcomes: [ContentKey: [MatchOutcome]])>(([], [:]))

    private struct ContentKey: Hashable {
        let snapshot: String
        let kind: PlacementKind
        let content: String
    }

    public init(deviceLocales: [String], policy: LocalePolicy) {
        self.deviceLocales = deviceLocales
        preferences = deviceLocales.map { [Preference($0, policy: policy)] }
    }

    /// For each device locale, what it gets of the content `key` of `snapshot`; nil when the content has no
    /// localizations (an onboarding) or is not there.
    func outcomes(_ key: String, of kind: PlacementKind, in snapshot: CompiledSnapshot, served: [String]) -> [MatchOutcome]? {
        let contentKey = ContentKey(snapshot: snapshot.snapshot.key, kind: kind, content: key)
        let found: [MatchOutcome]?? = kept.withLock { kept in
            if kept.snapshots != served { kept = (served, [:]) }
            return kept.outcomes[contentKey].map { .some($0) }
        }
        if let found { return found }
        guard let matcher = snapshot.localeMatcher(forContent: key, of: kind) else { return nil }
        let outcomes = preferences.map { matcher.match($0).outcome }
        kept.withLock { kept in if kept.snapshots == served { kept.outcomes[contentKey] = outcomes } }
        return outcomes
    }
}
