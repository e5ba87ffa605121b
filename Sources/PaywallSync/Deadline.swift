import Glibc

/// The moment a run must be over by, on the monotonic clock (a wall-clock change cannot stretch it).
struct Deadline {
    /// How long the run was given, for messages.
    let length: Duration
    private let end: ContinuousClock.Instant

    init(after duration: Duration) {
        length = duration
        end = .now + duration
    }

    var remaining: Duration {
        max(.zero, end - .now)
    }

    var hasPassed: Bool {
        remaining == .zero
    }
}

extension Duration {
    /// Rounded down.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// For messages: `30 s`, or `1500 ms` when the seconds are not whole.
    var spoken: String {
        let milliseconds = wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}

/// Sleeps the thread (sync is synchronous: one run, one thread).
func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
        request = remaining
    }
}
