import Synchronization

/// A line for the server's log about what may happen many times a second (clients refused past the connection limit,
/// accepts failing for want of descriptors): the first at once, then at most one per `interval`, saying how many times
/// it happened since the last. Shared by the server's loops, so that there is one such line per interval, not one per loop.
final class RateLimitedNotice: Sendable {
    private let event: String
    private let interval: Duration
    private let log: HTTPServer.Log
    private let state = Mutex<(lastSaid: ContinuousClock.Instant?, unsaid: Int)>((nil, 0))

    init(event: String, interval: Duration = .seconds(10), log: @escaping HTTPServer.Log) {
        self.event = event
        self.interval = interval
        self.log = log
    }

    /// Notes that it happened once more; says so with `message` (what happened, once), and how many times since the
    /// last line when more than once, unless a line was written within the interval.
    func note(at now: ContinuousClock.Instant, _ message: @autoclosure () -> String) {
        let times: Int? = state.withLock { state in
            state.unsaid += 1
            if let lastSaid = state.lastSaid, now - lastSaid < interval { return nil }
            defer { state = (now, 0) }
            return state.unsaid
        }
        guard let times else { return }
        log(event, times == 1 ? message() : "\(message()); \(times) times since the last such line")
    }
}
