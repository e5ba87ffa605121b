import FixtureSupport
@testable import PaywallSync
import Testing

/// The delays between tries: exponential, capped, jittered into the upper half, never below Retry-After.
struct BackoffTests {
    let backoff = Backoff(retry: SyncConfiguration.Retry(maxAttempts: 10, baseDelayMilliseconds: 500, maxDelayMilliseconds: 8000))

    @Test(arguments: [(2, 250...500), (3, 500...1000), (4, 1000...2000), (5, 2000...4000), (6, 4000...8000), (7, 4000...8000), (60, 4000...8000)])
    func delaysDoubleUpToTheCapWithJitter(attempt: Int, range: ClosedRange<Int64>) {
        var generator = SplitMix64(state: UInt64(attempt))
        let delays = (0..<200).map { _ in backoff.delay(beforeTry: attempt, retryAfterSeconds: nil, using: &generator).wholeMilliseconds }
        #expect(delays.allSatisfy(range.contains))
        // Jittered: not all the same, spread over the range.
        #expect(Set(delays).count > 50)
        #expect(delays.min()! < range.lowerBound + (range.upperBound - range.lowerBound) / 4)
        #expect(delays.max()! > range.upperBound - (range.upperBound - range.lowerBound) / 4)
    }

    @Test func retryAfterIsAFloor() {
        var generator = SplitMix64(state: 1)
        #expect(backoff.delay(beforeTry: 2, retryAfterSeconds: 3, using: &generator) == .seconds(3))
        // A Retry-After shorter than the backoff does not shorten it.
        #expect(backoff.delay(beforeTry: 6, retryAfterSeconds: 1, using: &generator) >= .seconds(4))
        // The longest a header can ask for (RetryAfter reads more digits as Int.max) is a delay too.
        #expect(backoff.delay(beforeTry: 2, retryAfterSeconds: Int.max, using: &generator) == .seconds(Int.max))
    }
}
