import Glibc

/// The moment a run must be over by, on the monotonic clock (a wall-clock change cannot stretch it).
struct Deadline {
    private let end: ContinuousClock.Instant

    init(after duration: Duration) {
        end = .now + duration
    }

    var remaining: Duration {
        max(.zero, end - .now)
    }

    var hasPassed: Bool {
        remaining == .zero
    }

    /// Whole seconds left, rounded up, for libcurl's timeouts (which take whole seconds).
    var remainingWholeSeconds: Int {
        let (seconds, attoseconds) = remaining.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}

extension Duration {
    /// Rounded down.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
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
