import Glibc

/// SIGTERM and SIGINT, taken from their default (die at once) to a clean stop, and SIGHUP to a reload:
/// blocked in every thread, and taken with sigwait by the one thread that waits for them, so that no
/// signal handler runs at all.
public enum TerminationSignals {
    private static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks them in the calling thread and so in every thread it starts afterwards: call it before
    /// starting any.
    public static func block() {
        var set = signals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits on the calling thread until one arrives (also one sent before, while blocked); returns it.
    public static func wait() -> Int32 {
        var set = signals()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func signals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }
}
