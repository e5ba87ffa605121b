/// How long to wait before trying a source again: exponential from the base delay, capped, with
/// jitter so that machines syncing on the same cron minute do not retry in step. A server's
/// `Retry-After` wins when it asks for longer.
struct Backoff {
    let retry: SyncConfiguration.Retry

    /// The delay before try `attempt` (2 for the first retry), uniformly drawn from the upper half of
    /// the exponential delay.
    func delay(beforeTry attempt: Int, retryAfterSeconds: Int?, using generator: inout some RandomNumberGenerator) -> Duration {
        let doublings = min(attempt - 2, 30)
        let exponential = min(retry.baseDelayMilliseconds << doublings, retry.maxDelayMilliseconds)
        let jittered = Int.random(in: (exponential + 1) / 2...exponential, using: &generator)
        // A Duration holds any number of seconds a server may ask for (Int.max is 9.2 × 10¹⁸ of its 1.7 × 10²⁰).
        return max(.milliseconds(jittered), .seconds(retryAfterSeconds ?? 0))
    }
}
