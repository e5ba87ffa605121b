import LocaleKit
import PaywallModel
import PaywallResolver
import Synchronization

/// Which device locales get a localization of their own (not the default) of each paywall or flow, worked out once
/// per content and snapshot and kept: the placements list shows fifty placements a page, each over every device
/// locale, and the answers change only with the snapshot. Kept for the snapshots being served, dropped when they change.
public final class DeviceCoverage: Sendable {
    /// The device locales, in order.
    public let deviceLocales: [String]
    private let preferences: [[Preference]]
    private let kept = Mutex<(snapshots: [String], covered: [ContentKey: [Bool]])>(([], [:]))

    private struct ContentKey: Hashable {
        let snapshot: String
        let kind: PlacementKind
        let content: String
    }

    public init(deviceLocales: [String], policy: LocalePolicy) {
        self.deviceLocales = deviceLocales
        preferences = deviceLocales.map { [Preference($0, policy: policy)] }
    }

    /// For each device locale, whether it gets a localization of its own of the content `key` of `snapshot`; nil when the
    /// content has no localizations (an onboarding) or is not there.
    func covered(_ key: String, of kind: PlacementKind, in snapshot: CompiledSnapshot, served: [String]) -> [Bool]? {
        let contentKey = ContentKey(snapshot: snapshot.snapshot.key, kind: kind, content: key)
        let found: [Bool]?? = kept.withLock { kept in
            if kept.snapshots != served { kept = (served, [:]) }
            return kept.covered[contentKey].map { .some($0) }
        }
        if let found { return found }
        guard let matcher = snapshot.localeMatcher(forContent: key, of: kind) else { return nil }
        let covered = preferences.map { matcher.match($0).outcome != .default }
        kept.withLock { kept in if kept.snapshots == served { kept.covered[contentKey] = covered } }
        return covered
    }
}
