import Dispatch
import Glibc

/// Deletes, through a writer, the events created longer ago than a period: once started, at once and then
/// every `interval`.
public final class EventRetention: @unchecked Sendable {
    public static let defaultPeriod = Duration.seconds(90 * 86_400)

    private let writer: EventWriter
    private let period: Duration
    private let interval: Duration
    private let report: @Sendable (Result<Int, EventWriter.Failure>) -> Void
    /// Where the passes run, one at a time: `stop` waits on it for a pass under way.
    private let queue = DispatchQueue(label: "paywalls.events.retention", qos: .utility)
    /// Made by `start` (a timer must not be let go of before it runs), cancelled by `stop`; both are called
    /// by the retention's owner, on one thread.
    private var timer: DispatchSourceTimer?

    /// - Parameter report: told how many events each pass deleted, or why it could not.
    public init(writer: EventWriter, keeping period: Duration, every interval: Duration = .seconds(3_600),
                report: @escaping @Sendable (Result<Int, EventWriter.Failure>) -> Void) {
        self.writer = writer
        self.period = period
        self.interval = interval
        self.report = report
    }

    public func start() {
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .seconds(Int(interval.components.seconds)))
        timer.setEventHandler { [writer, period, report] in
            report(writer.deleteEvents(createdBefore: Self.nowMilliseconds() - Int64(period.components.seconds) * 1000))
        }
        timer.resume()
        self.timer = timer
    }

    /// Stops the passes; returns once a pass under way has ended (and reported).
    public func stop() {
        timer?.cancel()
        timer = nil
        queue.sync {}
    }

    static func nowMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
