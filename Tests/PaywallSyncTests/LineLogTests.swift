import Foundation
import PaywallModel
import PaywallSync
import Testing

/// `LineLog`: the lines of every log, as each format writes them.
@Suite struct LineLogTests {
    /// The lines written to a pipe by `body`.
    static func lines(_ body: (Int32) -> Void) throws -> [String] {
        let pipe = Pipe()
        body(pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func humanLinesFollowTheirPrefix() throws {
        let written = try Self.lines { descriptor in
            LineLog(fileDescriptor: descriptor, format: .human, prefix: .text("sync: ")).write(JSONObject(), human: "ios: unchanged")
            LineLog(fileDescriptor: descriptor, format: .human, prefix: .time(milliseconds: true)).write(JSONObject(), human: "GET / 200")
            LineLog(fileDescriptor: descriptor, format: .human, prefix: .none).event("stopped", [:], human: "stopped")
        }
        #expect(written[0] == "sync: ios: unchanged")
        #expect(written[1].range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET / 200$"#, options: .regularExpression) != nil, "\(written[1])")
        #expect(written[2] == "stopped")
        #expect(written[3].isEmpty && written.count == 4)
    }

    @Test func jsonLinesStartWithTheTime() throws {
        let written = try Self.lines { descriptor in
            LineLog(fileDescriptor: descriptor, format: .json, prefix: .time(milliseconds: false)).event("listening", ["url": .string("http://x")], human: "")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["time", "event", "url"])
        #expect(written[0].hasPrefix(#"{"time":"#) && written[0].hasSuffix(#","event":"listening","url":"http://x"}"#))
    }

    /// A log that cannot be written is dropped, and what logs goes on.
    @Test func aLineThatCannotBeWrittenIsDropped() {
        let log = LineLog(fileDescriptor: -1, format: .json, prefix: .none)
        log.write(JSONObject(["a": .integer(1)]), human: "a")
    }
}
