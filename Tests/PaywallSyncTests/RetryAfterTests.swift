import Glibc
@testable import PaywallSync
import Testing

/// Both forms of `Retry-After`, and what is neither.
struct RetryAfterTests {
    /// 2015-10-21T07:28:00Z.
    static let now: time_t = 1_445_412_480

    @Test(arguments: [("0", 0), ("120", 120), ("86400", 86400), ("99999999999999999999999", Int.max),
                      ("Wed, 21 Oct 2015 07:28:00 GMT", 0), ("Wed, 21 Oct 2015 07:30:30 GMT", 150),
                      ("Thu, 22 Oct 2015 07:28:00 GMT", 86400), ("Tue, 20 Oct 2015 07:28:00 GMT", 0),
                      ("Tue, 29 Feb 2028 07:28:00 GMT", 390_009_600), ("Fri, 31 Dec 9999 23:59:59 GMT", 251_956_888_319)])
    func readsSecondsAndDates(_ header: String, seconds: Int) {
        #expect(RetryAfter.seconds(header, now: Self.now) == seconds)
    }

    @Test(arguments: ["", "-5", "1.5", " 10", "soon", "Wed, 21 Oct 2015 07:28:00", "Wed, 21 Oct 2015 07:28:00 GMT extra",
                      "Wednesday, 21-Oct-15 07:28:00 GMT", "Sat, 31 Feb 2015 07:28:00 GMT", "Sun, 29 Feb 2015 07:28:00 GMT",
                      "Wed, 00 Oct 2015 07:28:00 GMT"])
    func ignoresAnythingElse(_ header: String) {
        #expect(RetryAfter.seconds(header, now: Self.now) == nil)
    }
}
