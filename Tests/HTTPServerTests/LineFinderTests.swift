@testable import HTTPServer
import Testing

/// The search for a line's end, eight bytes at a time: every line end at every place around the word boundaries, the
/// faults it refuses with, and the same answer whether the bytes come whole or one at a time.
@Suite("Line finder: CRLF (or LF), eight bytes at a time, however the bytes arrive")
struct LineFinderTests {
    typealias Found = (content: Range<Int>, next: Int)

    /// What `bytes` given whole give, from `start`.
    static func whole(_ bytes: [UInt8], from start: Int = 0, maxContent: Int = 64,
                      acceptsBareLineFeed: Bool = true) -> Result<Found?, LineFinder.Fault> {
        var finder = LineFinder(acceptsBareLineFeed: acceptsBareLineFeed)
        return bytes.withUnsafeBytes { bytes in Result { () throws(LineFinder.Fault) in try finder.nextLine(in: bytes, from: start, maxContent: maxContent) } }
    }

    /// What the growing prefixes of `bytes` give, one byte more each call, until a line or a fault.
    static func byteByByte(_ bytes: [UInt8], maxContent: Int = 64, acceptsBareLineFeed: Bool = true) -> Result<Found?, LineFinder.Fault> {
        var finder = LineFinder(acceptsBareLineFeed: acceptsBareLineFeed)
        var last: Result<Found?, LineFinder.Fault> = .success(nil)
        for end in bytes.indices {
            last = bytes[...end].withUnsafeBytes { bytes in
                Result { () throws(LineFinder.Fault) in try finder.nextLine(in: bytes, from: 0, maxContent: maxContent) }
            }
            guard case .success(nil) = last else { return last }
        }
        return last
    }

    static func describe(_ result: Result<Found?, LineFinder.Fault>) -> String {
        switch result {
        case let .success(found?): "line \(found.content), next \(found.next)"
        case .success(nil): "incomplete"
        case let .failure(fault): "\(fault)"
        }
    }

    @Test func aLineEndAtEveryPlaceIsFoundThere() {
        for length in 0...24 {
            for lineEnd in ["\r\n", "\n"] {
                let bytes = Array((String(repeating: "a", count: length) + lineEnd + "next").utf8)
                let expected = "line \(0..<length), next \(length + lineEnd.utf8.count)"
                #expect(Self.describe(Self.whole(bytes)) == expected, "\(length) \(lineEnd.debugDescription)")
                #expect(Self.describe(Self.byteByByte(bytes)) == expected, "\(length) \(lineEnd.debugDescription), byte by byte")
            }
        }
    }

    @Test func aLineStartingFurtherInEndsAtItsOwnEnd() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n".utf8)
        #expect(Self.describe(Self.whole(bytes, from: 16)) == "line 16..<33, next 35")
        #expect(Self.describe(Self.whole(bytes, from: 35)) == "line 35..<35, next 37")
    }

    @Test(arguments: [
        ("abc\rd\r\n", true, "bareCarriageReturn"),
        ("abcdefghij\rk", true, "bareCarriageReturn"),
        ("abc\n", false, "bareLineFeed"),
        ("abcdefghijk\n", false, "bareLineFeed"),
        ("ab\u{0}c\r\n", true, "nul"),
        ("abcdefghi\u{0}\r\n", true, "nul"),
        ("a\tb\r\n", true, "line 0..<3, next 5"),
        ("abc", true, "incomplete"),
        ("abc\r", true, "incomplete"),
    ])
    func faultsAndUnfinishedLines(_ text: String, acceptsBareLineFeed: Bool, expected: String) {
        let bytes = Array(text.utf8)
        #expect(Self.describe(Self.whole(bytes, acceptsBareLineFeed: acceptsBareLineFeed)) == expected)
        #expect(Self.describe(Self.byteByByte(bytes, acceptsBareLineFeed: acceptsBareLineFeed)) == expected)
    }

    /// A line is refused as soon as its content passes the limit, before its end arrives; one at the limit is taken.
    @Test(arguments: [4, 7, 8, 9, 16, 17])
    func theLimitIsExact(maxContent: Int) {
        let atLimit = Array((String(repeating: "x", count: maxContent) + "\r\n").utf8)
        #expect(Self.describe(Self.whole(atLimit, maxContent: maxContent)) == "line \(0..<maxContent), next \(maxContent + 2)")
        let past = Array(String(repeating: "x", count: maxContent + 1).utf8)
        #expect(Self.describe(Self.whole(past, maxContent: maxContent)) == "tooLong")
        #expect(Self.describe(Self.byteByByte(past, maxContent: maxContent)) == "tooLong")
    }
}
