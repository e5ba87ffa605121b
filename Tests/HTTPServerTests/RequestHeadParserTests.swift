import FixtureSupport
@testable import HTTPServer
import Testing

@Suite("Request head parser: RFC 9112 strictly, incrementally, in linear time")
struct RequestHeadParserTests {
    static let limits = RequestLimits()

    /// The outcome of one parser given `bytes` whole.
    static func verdict(_ bytes: [UInt8], limits: RequestLimits = limits) -> HeadVerdict {
        var parser = RequestHeadParser(limits: limits)
        return bytes.withUnsafeBytes { HeadVerdict(parser.parse($0)) }
    }

    /// The outcomes of one parser given the growing prefixes of `bytes`, one byte longer each time (outcome `i` is that of
    /// the first `i + 1` bytes).
    static func verdictsByteByByte(_ bytes: [UInt8], limits: RequestLimits = limits) -> [HeadVerdict] {
        var parser = RequestHeadParser(limits: limits)
        return bytes.indices.map { end in bytes[...end].withUnsafeBytes { HeadVerdict(parser.parse($0)) } }
    }

    // MARK: - The rules, one case each

    @Test(arguments: RequestHeadCorpus.all)
    func eachRule(_ sample: HeadCase) {
        let verdict = Self.verdict(sample.bytes)
        switch (sample.expected, verdict) {
        case let (.head(expected), .head(head, length)):
            #expect(head == expected)
            #expect(length == sample.bytes.count)
        case let (.rejected(status, code, phrase), .rejected(actualStatus, actualCode, message)):
            #expect(actualStatus == status)
            #expect(actualCode == code)
            #expect(message.contains(phrase), "\(message)")
        default:
            Issue.record("expected \(sample.expected), got \(verdict)")
        }
    }

    @Test func theHeadEndsWhereTheBodyStarts() {
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n"
        guard case let .head(parsed, length) = Self.verdict(Array((head + "helloGET / HTTP/1.1\r\n").utf8)) else {
            Issue.record("no head")
            return
        }
        #expect(length == head.utf8.count)
        #expect(parsed.framing == .length(5))
    }

    @Test func aHeadWithoutItsEmptyLineIsIncomplete() {
        #expect(Self.verdict(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)
        #expect(Self.verdict(Array("GET / HTTP/1.1\r\nHost: x\r\n\r".utf8)) == .incomplete)
        #expect(Self.verdict([]) == .incomplete)
    }

    @Test func messagesShowAtMost64BytesOfTheClientsAndEscapeTheRest() {
        let name = String(repeating: "N", count: 100) + " "
        guard case let .rejected(_, _, message) = Self.verdict(Array("GET / HTTP/1.1\r\n\(name): v\r\n\r\n".utf8)) else {
            Issue.record("not rejected")
            return
        }
        #expect(message.contains("\"" + String(repeating: "N", count: 64) + "\"…"))
        #expect(!message.contains(String(repeating: "N", count: 65)))
        #expect(ClientText.quoted(UnsafeRawBufferPointer(start: nil, count: 0)) == "\"\"")
        let bytes: [UInt8] = [0x00, 0x0A, 0x22, 0x5C, 0x41, 0x7F, 0xFF]
        #expect(bytes.withUnsafeBytes(ClientText.quoted) == #""\x00\x0A\"\\A\x7F\xFF""#)
    }

    // MARK: - Incremental: the same outcome however the bytes arrive, and as soon as they prove it

    @Test(arguments: RequestHeadCorpus.all)
    func byteByByteGivesTheSameOutcomeAsWholeAsSoonAsThePrefixProvesIt(_ sample: HeadCase) {
        let whole = Self.verdict(sample.bytes)
        let verdicts = Self.verdictsByteByByte(sample.bytes)
        #expect(verdicts.last == whole)
        for (end, verdict) in verdicts.enumerated() {
            // The parser that has seen the bytes grow decides exactly when a fresh one given the prefix does...
            #expect(verdict == Self.verdict(Array(sample.bytes[...end])), "after \(end + 1) bytes")
            // ...and once decided, it never goes back to incomplete nor changes its mind.
            if verdict != .incomplete {
                #expect(verdicts[end...].allSatisfy { $0 == verdict }, "after \(end + 1) bytes")
                break
            }
        }
    }

    @Test(arguments: RequestHeadCorpus.rejected.filter { !$0.needsWholeHead })
    func aRejectionDoesNotWaitForTheEndOfTheHead(_ sample: HeadCase) {
        #expect(sample.bytes.suffix(2) == Array("\r\n".utf8))
        let verdict = Self.verdict(Array(sample.bytes.dropLast(2)))
        #expect(verdict == Self.verdict(sample.bytes), "\(verdict)")
    }

    // MARK: - Limits

    @Test func theRequestLineIsRefusedAs414OnceItPassesItsLimitBeforeItsEnd() {
        let limit = Self.limits.requestLineBytes
        // "GET " + target + " HTTP/1.1" + CRLF is the limit exactly.
        let fitting = "GET /" + String(repeating: "a", count: limit - 4 - 1 - 11) + " HTTP/1.1"
        #expect(fitting.utf8.count + 2 == limit)
        guard case .head = Self.verdict(Array((fitting + "\r\nHost: x\r\n\r\n").utf8)) else {
            Issue.record("a request line of the limit exactly is refused")
            return
        }
        #expect(Self.verdict(Array(fitting.utf8)) == .incomplete)
        let tooLong = Array((fitting + "1").utf8)
        #expect(Self.verdict(tooLong)
            == .rejected(status: 414, code: "uri_too_long", message: "the request line is longer than \(limit) bytes"))
        #expect(Self.verdictsByteByByte(tooLong).firstIndex { $0 != .incomplete } == tooLong.count - 1)
    }

    @Test func theHeaderSectionIsRefusedAs431OnceItPassesItsLimitBeforeItsEnd() {
        let limit = Self.limits.headerBytes
        // "Host: x" CRLF, then "X: " value CRLF, is the limit exactly.
        let value = String(repeating: "v", count: limit - 9 - 3 - 2)
        let fitting = "GET / HTTP/1.1\r\nHost: x\r\nX: " + value
        guard case let .head(head, _) = Self.verdict(Array((fitting + "\r\n\r\n").utf8)) else {
            Issue.record("a header section of the limit exactly is refused")
            return
        }
        #expect(head.headers.last?.value.utf8.count == value.utf8.count)
        #expect(Self.verdict(Array(fitting.utf8)) == .incomplete)
        let tooLarge = Self.verdict(Array((fitting + "v").utf8))
        #expect(tooLarge == .rejected(status: 431, code: "header_fields_too_large",
                                      message: "the request's header fields are larger than \(limit) bytes"))
        // Many small fields: refused within the field line that passes the limit, long before an empty line.
        let many = Array(("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Field: 0123456789\r\n", count: 1_000)).utf8)
        let passing = Self.verdictsByteByByte(many, limits: RequestLimits(headerBytes: 1_024)).firstIndex { $0 != .incomplete }
        #expect(passing.map { $0 < 16 + 1_024 } == true)
        #expect(Self.verdict(many, limits: RequestLimits(headerBytes: 1_024)).isRejected)
    }

    @Test func theLimitsAreTheOnesGiven() {
        let limits = RequestLimits(requestLineBytes: 32, headerBytes: 64, bodyBytes: 10)
        let request = { (line: String, fields: String) in Self.verdict(Array("\(line)\r\n\(fields)\r\n".utf8), limits: limits) }
        #expect(request("GET /" + String(repeating: "a", count: 30) + " HTTP/1.1", "Host: x\r\n").isRejected)
        #expect(request("POST / HTTP/1.1", "Host: x\r\nContent-Length: 11\r\n")
            == .rejected(status: 413, code: "content_too_large", message: "the request body is larger than 10 bytes"))
        guard case .head(let head, _) = request("POST / HTTP/1.1", "Host: x\r\nContent-Length: 10\r\n") else {
            Issue.record("a body of the limit is refused")
            return
        }
        #expect(head.framing == .length(10))
    }

    // MARK: - Random bytes and broken requests

    @Test func aSeededSweepNeverTrapsAndEveryHeadItTakesHoldsTogether() {
        var random = SplitMix64(state: 0x9112_2022)
        let valid = RequestHeadCorpus.accepted.map(\.bytes), invalid = RequestHeadCorpus.rejected.map(\.bytes)
        var heads = 0
        for round in 0..<20_000 {
            let seeds = round % 4 == 1 ? invalid : valid
            let bytes = round % 4 == 0
                ? random.bytes(count: random.next(below: 200)) : random.mutated(seeds[random.next(below: seeds.count)])
            let whole = Self.verdict(bytes)
            if case let .head(head, length) = whole {
                heads += 1
                Self.checkInvariants(head, length: length, of: bytes)
            }
            if case let .rejected(_, _, message) = whole {
                #expect(message.utf8.count < 600 && !message.utf8.contains { $0 < 0x20 }, "\(message)")
            }
            // Split in two at a random point, the outcome is the same.
            let split = random.next(below: bytes.count + 1)
            var parser = RequestHeadParser(limits: Self.limits)
            let first = bytes[..<split].withUnsafeBytes { HeadVerdict(parser.parse($0)) }
            let second = bytes.withUnsafeBytes { HeadVerdict(parser.parse($0)) }
            #expect(first == .incomplete || first == whole, "\(bytes)")
            #expect(second == whole, "\(bytes)")
        }
        // The sweep's mutations leave many requests valid: the invariants were exercised.
        #expect(heads > 1_000)
    }

    static func checkInvariants(_ head: ParsedHead, length: Int, of bytes: [UInt8]) {
        #expect(length > 0 && length <= bytes.count)
        #expect(bytes[length - 1] == UInt8(ascii: "\n"))
        #expect(!head.method.isEmpty && head.method.utf8.allSatisfy(\.isTokenCharacter))
        #expect(!head.target.isEmpty && head.target.utf8.allSatisfy(\.isVisibleASCII))
        func fields(_ name: String) -> [String] { head.headers.filter { $0.name.lowercased() == name }.map(\.value) }
        func elements(_ name: String) -> [String] {
            fields(name).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
        }
        let hosts = fields("host").count
        #expect(head.version == .http11 ? hosts == 1 : hosts <= 1)
        for field in head.headers {
            #expect(!field.name.isEmpty && field.name.utf8.allSatisfy(\.isTokenCharacter))
            #expect(field.value.utf8.first?.isWhitespace != true && field.value.utf8.last?.isWhitespace != true)
        }
        switch head.framing {
        case .none:
            #expect(fields("content-length").isEmpty && fields("transfer-encoding").isEmpty)
        case let .length(length):
            #expect(fields("transfer-encoding").isEmpty && !fields("content-length").isEmpty && length <= limits.bodyBytes)
            #expect(elements("content-length").allSatisfy { Int($0) == length })
        case .chunked:
            #expect(fields("content-length").isEmpty && head.version == .http11)
            #expect(elements("transfer-encoding").filter { !$0.isEmpty } == ["chunked"])
        }
        #expect(!head.expectsContinue || head.version == .http11)
    }
}
