@testable import HTTPServer
import Testing

@Suite("Response head: the status line, the handler's fields, then the server's")
struct ResponseHeadTests {
    static let date = Array("Thu, 03 Dec 2026 17:44:23 GMT".utf8)

    static func head(status: Int = 200, headers: [(name: String, value: String)] = [], contentLength: Int? = 0,
                     version: RequestHead.Version = .http11, closing: Bool = false, after prefix: [UInt8] = []) -> String {
        var bytes = prefix
        ResponseHead.append(status: status, headers: headers, contentLength: contentLength, version: version, closing: closing,
                            date: date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aKeptAliveAnswerHasTheFieldsInOrderThenLengthAndDate() {
        let head = Self.head(headers: [("Content-Type", "application/json"), ("ETag", "\"abc\"")], contentLength: 14115)
        #expect(head == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nETag: \"abc\"\r\nContent-Length: 14115\r\n"
            + "Date: Thu, 03 Dec 2026 17:44:23 GMT\r\n\r\n")
    }

    @Test func closingAndHTTP10KeepAliveAreSaid() {
        #expect(Self.head(closing: true).hasSuffix("GMT\r\nConnection: close\r\n\r\n"))
        #expect(Self.head(version: .http10).hasSuffix("GMT\r\nConnection: keep-alive\r\n\r\n"))
        #expect(Self.head(version: .http10, closing: true).hasSuffix("GMT\r\nConnection: close\r\n\r\n"))
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 1_048_576, Int.max])
    func theLengthIsWrittenInDecimal(length: Int) {
        #expect(Self.head(contentLength: length).contains("\r\nContent-Length: \(length)\r\n"))
    }

    @Test func notModifiedAndNoContentSayNoLength() {
        #expect(!Self.head(status: 304, contentLength: 10).contains("Content-Length"))
        #expect(Self.head(status: 304).hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(!Self.head(status: 204).contains("Content-Length"))
    }

    /// A HEAD answer made without its content does not know its length, and says none.
    @Test func anUnknownLengthIsNotSaid() {
        #expect(Self.head(contentLength: nil) == "HTTP/1.1 200 OK\r\nDate: Thu, 03 Dec 2026 17:44:23 GMT\r\n\r\n")
    }

    @Test func otherStatusesGetTheirReasonOrAPlainOne() {
        #expect(Self.head(status: 431).hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(Self.head(status: 418).hasPrefix("HTTP/1.1 418 Status 418\r\n"))
    }

    /// A field with a line break or NUL would forge another field, or end the head: it is left out, the rest stays.
    @Test(arguments: ["a\rb", "a\nb", "a\u{0}b", "\r\nSet-Cookie: x=1", String(repeating: "v", count: 40) + "\n",
                      "a tab\tfirst, then far on a line break\r\nX: y", String(repeating: "\t", count: 16) + "\u{0}"])
    func aFieldThatWouldForgeAnotherIsLeftOut(value: String) {
        let head = Self.head(headers: [("X-Before", "1"), ("X-Bad", value), ("X-After", "2")], contentLength: 3)
        #expect(head == "HTTP/1.1 200 OK\r\nX-Before: 1\r\nX-After: 2\r\nContent-Length: 3\r\nDate: Thu, 03 Dec 2026 17:44:23 GMT\r\n\r\n")
        let badName = Self.head(headers: [("X-\nBad", "v"), ("X-After", "2")])
        #expect(!badName.contains("Bad") && badName.contains("\r\nX-After: 2\r\n"))
    }

    /// A tab is a value's own (RFC 9110 §5.5), in any place.
    @Test func tabsInAValuePass() {
        let value = "\tstarts, has a\ttab, and ends so\t"
        #expect(Self.head(headers: [("X-Tabs", value)]).contains("\r\nX-Tabs: \(value)\r\n"))
    }

    @Test func theHeadIsAppendedAfterWhatIsQueued() {
        let head = Self.head(after: Array("earlier".utf8))
        #expect(head.hasPrefix("earlierHTTP/1.1 200 OK\r\n"))
    }

    @Test func nonASCIIValuesPassAsTheirBytes() {
        #expect(Self.head(headers: [("Content-Language", "pt-BR"), ("X-Name", "café")]).contains("\r\nX-Name: café\r\n"))
    }
}
