@testable import PaywallSync
import Testing

@Suite("Constant-time comparison of tokens")
struct ConstantTimeTests {
    @Test func equalBytesAreEqual() {
        #expect(ConstantTime.equal(Array("s3cret-token".utf8), Array("s3cret-token".utf8)))
        #expect(ConstantTime.equal([], []))
    }

    @Test(arguments: ["s3cret-tokeN", "S3cret-token", "s3cret_token", "x"])
    func anyDifferentByteIsUnequal(_ other: String) {
        #expect(!ConstantTime.equal(Array("s3cret-token".utf8), Array(other.utf8)))
    }

    /// A prefix, an extension or the empty string: equal bytes as far as the shorter goes still differ.
    @Test(arguments: ["s3cret", "s3cret-token-and-more", "s3cret-token\0", ""])
    func differentLengthsAreUnequal(_ other: String) {
        #expect(!ConstantTime.equal(Array("s3cret-token".utf8), Array(other.utf8)))
        #expect(!ConstantTime.equal(Array(other.utf8), Array("s3cret-token".utf8)))
    }

    @Test func aTokenMatchesOnlyItsSecret() {
        let token = Token(secret: "s3cret-token")
        #expect(token.matches("s3cret-token"))
        #expect(token.matches("bearer s3cret-token".dropFirst(7)))
        #expect(!token.matches("s3cret-toke"))
        #expect(!token.matches("Bearer s3cret-token"))
    }
}
