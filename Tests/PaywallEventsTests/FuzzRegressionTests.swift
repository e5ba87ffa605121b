import FixtureSupport
import PaywallEvents
import Testing

/// The bodies the events fuzz target once failed on (Tests/Fixtures/fuzz-regressions/FuzzEvents): each is read as
/// `POST /v1/events` reads it, with the answer its `expected.txt` gives.
@Suite struct EventsFuzzRegressionTests {
    static let target = "FuzzEvents"

    @Test func everyInputHasItsAnswer() throws {
        #expect(Set(try FuzzRegressions.files(Self.target)) == Set(try FuzzRegressions.expected(Self.target).keys))
    }

    @Test(arguments: try FuzzRegressions.files(target))
    func isAnswered(_ file: String) throws {
        let body = try FuzzRegressions.bytes(Self.target, file)
        let read = body.withUnsafeBytes { bytes in Result { () throws(EventBatch.Refusal) in try EventBatch.read(bytes) } }
        let answer = switch read {
        case let .success(batch):
            (["\(batch.events.count) events"] + batch.rejections.map { "rejected \($0.pointer): \($0.message)" }).joined(separator: "; ")
        case let .failure(refusal):
            "refused: \(refusal.message)"
        }
        #expect(answer == (try FuzzRegressions.expected(Self.target)[file]), "\(file)")
    }
}
