import ArgumentKit
import Basics
import Dispatch
import PaywallServer
import PaywallSync
import Synchronization

/// `serve --sync-config FILE --sync-interval DURATION`: what `paywalls sync` does, run inside serve for
/// containers without cron (docs/contracts.md). The first run starts at once, each next one an interval after the
/// last ended, so runs never overlap. They take the store's sync lock like any sync: a run that finds it
/// held by cron's skips its turn. What a run publishes is served without waiting for the next check.
/// When serve stops, a run in progress may finish (within the grace requests get), and no other starts.
final class ScheduledSync: @unchecked Sendable {
    private struct State {
        var stopping = false
        var running = false
    }

    private let configuration: SyncConfiguration
    private let options: SyncRun.Options
    private let interval: Duration
    private let log: SyncLog
    private let state = Mutex(State())
    /// What the thread waits on between runs: signalled by `stop`.
    private let pause = DispatchSemaphore(value: 0)
    /// Signalled when a run in progress at `stop` has ended.
    private let ended = DispatchSemaphore(value: 0)

    init(configuration: SyncConfiguration, options: SyncRun.Options, interval: Duration, log: SyncLog) {
        self.configuration = configuration
        self.options = options
        self.interval = interval
        self.log = log
    }

    /// The store the runs write: the one serve answers from.
    var storePath: String { options.storeDirectory }

    /// Runs for the life of the process, on a thread of its own; `published` after a run that published.
    func start(whenPublished published: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "scheduled-sync").async { [self] in
            while state.withLock({ state in state.running = !state.stopping; return state.running }) {
                runOnce(whenPublished: published)
                if state.withLock({ state in state.running = false; return state.stopping }) {
                    ended.signal()
                    return
                }
                _ = pause.wait(timeout: .now() + .milliseconds(Int(interval / .milliseconds(1))))
            }
        }
    }

    enum Stop {
        /// No run was in progress.
        case idle
        /// The run in progress ended within the grace.
        case finished
        /// The run in progress was still going when the grace ran out.
        case cutShort
    }

    /// Starts no other run, and lets the one in progress, if any, finish within `grace`.
    func stop(within grace: Duration) -> Stop {
        let running = state.withLock { state in
            state.stopping = true
            return state.running
        }
        pause.signal()
        guard running else { return .idle }
        return ended.wait(timeout: .now() + .milliseconds(Int(grace / .milliseconds(1)))) == .success ? .finished : .cutShort
    }

    private func runOnce(whenPublished published: () -> Void) {
        do {
            let results = try SyncRun.perform(configuration, options: options, log: log.record)
            if results.contains(where: { if case .published = $0.outcome { true } else { false } }) { published() }
        } catch {
            // A failing source is a result, not an error: this is a run that could not start (the lock
            // held by another sync, a token file gone). The next turn tries again.
            log.fail("\(error); trying again in \(DurationText.spelling(interval))")
        }
    }
}
