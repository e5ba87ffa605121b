import FixtureSupport
@testable import HTTPServer
import Testing

@Suite("Chunked body decoder: RFC 9112 §7.1, strictly, however the bytes arrive")
struct ChunkedBodyDecoderTests {
    /// How a decoding ended, comparable.
    enum Ending: Equatable {
        case needsMore, done
        case rejected(status: Int, code: String, message: String)

        init(_ progress: ChunkedBodyDecoder.Progress) {
            switch progress {
            case .needsMore: self = .needsMore
            case .done: self = .done
            case let .rejected(error): self = .rejected(status: error.status, code: error.code, message: error.message)
            }
        }
    }

    /// What came of a body: the data decoded, the input consumed, and how it ended.
    struct Decoded: Equatable {
        var body: [UInt8] = []
        var consumed = 0
        var ending = Ending.needsMore
    }

    static let limit = 1_024

    /// `input` given whole to one call.
    static func decodeWhole(_ input: [UInt8], limit: Int = limit, trailerLimit: Int = 16 * 1024) -> Decoded {
        var decoder = ChunkedBodyDecoder(limit: limit, trailerLimit: trailerLimit)
        var decoded = Decoded()
        let (consumed, progress) = input.withUnsafeBytes { decoder.decode($0, into: &decoded.body) }
        decoded.consumed = consumed
        decoded.ending = Ending(progress)
        return decoded
    }

    /// `input` arriving one byte at a time, as a connection gives it: the bytes not yet consumed, and one more each call.
    static func decodeByteByByte(_ input: [UInt8], limit: Int = limit, trailerLimit: Int = 16 * 1024) -> Decoded {
        var decoder = ChunkedBodyDecoder(limit: limit, trailerLimit: trailerLimit)
        var decoded = Decoded()
        var unconsumed: [UInt8] = []
        for byte in input {
            unconsumed.append(byte)
            let (consumed, progress) = unconsumed.withUnsafeBytes { decoder.decode($0, into: &decoded.body) }
            #expect(consumed <= unconsumed.count)
            unconsumed.removeFirst(consumed)
            decoded.consumed += consumed
            decoded.ending = Ending(progress)
            if decoded.ending != .needsMore { break }
        }
        return decoded
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: - Valid bodies

    static let valid: [(input: String, body: String)] = [
        ("0\r\n\r\n", ""),
        ("5\r\nhello\r\n0\r\n\r\n", "hello"),
        ("5\r\nhello\r\n7\r\n, world\r\n0\r\n\r\n", "hello, world"),
        ("a\r\n0123456789\r\nA\r\nabcdefghij\r\n0\r\n\r\n", "0123456789abcdefghij"),
        ("1f\r\n" + String(repeating: "x", count: 31) + "\r\n1F\r\n" + String(repeating: "y", count: 31) + "\r\n0\r\n\r\n",
         String(repeating: "x", count: 31) + String(repeating: "y", count: 31)),
        ("0005\r\nhello\r\n000\r\n\r\n", "hello"),
        ("5;name\r\nhello\r\n5;a=b;c=\"quoted ; \\\" \\\\ value\"\r\nworld\r\n0;last\r\n\r\n", "helloworld"),
        ("5 ; a = b\t;c\r\nhello\r\n0\r\n\r\n", "hello"),
        ("5\r\nhello\r\n0\r\nX-Checksum: abc\r\nX-Other:\tcaf\u{E9}  \r\n\r\n", "hello"),
        ("3\r\n\r\n\r\r\n0\r\n\r\n", "\r\n\r"),
    ]

    @Test(arguments: valid)
    func aValidBodyDecodesByteForByteWholeOrByteByByte(_ sample: (input: String, body: String)) {
        let input = Self.bytes(sample.input)
        let expected = Decoded(body: Self.bytes(sample.body), consumed: input.count, ending: .done)
        #expect(Self.decodeWhole(input) == expected)
        #expect(Self.decodeByteByByte(input) == expected)
    }

    @Test func theNextRequestIsNotConsumed() {
        let body = Self.bytes("5\r\nhello\r\n0\r\n\r\n")
        let decoded = Self.decodeWhole(body + Self.bytes("GET / HTTP/1.1\r\n"))
        #expect(decoded == Decoded(body: Self.bytes("hello"), consumed: body.count, ending: .done))
    }

    @Test func afterTheEndTheDecoderStaysDone() {
        var decoder = ChunkedBodyDecoder(limit: Self.limit, trailerLimit: 16 * 1024)
        var body: [UInt8] = []
        _ = Self.bytes("0\r\n\r\n").withUnsafeBytes { decoder.decode($0, into: &body) }
        let (consumed, progress) = Self.bytes("5\r\nhello\r\n").withUnsafeBytes { decoder.decode($0, into: &body) }
        #expect(consumed == 0 && Ending(progress) == .done && body.isEmpty)
    }

    @Test func aBodyOfTheLimitExactlyIsTaken() {
        let half = String(repeating: "a", count: 512)
        let input = Self.bytes("200\r\n" + half + "\r\n200\r\n" + half + "\r\n0\r\n\r\n")
        #expect(Self.decodeWhole(input).ending == .done)
        #expect(Self.decodeWhole(input).body.count == Self.limit)
    }

    // MARK: - Invalid bodies

    static let invalid: [(input: String, status: Int, code: String, phrase: String)] = [
        ("\r\n", 400, "bad_request", "the chunk line \"\" does not start with a hexadecimal size"),
        ("-1\r\n", 400, "bad_request", "the chunk line \"-1\" does not start with a hexadecimal size"),
        ("+1\r\n", 400, "bad_request", "does not start with a hexadecimal size"),
        (" 5\r\nhello\r\n", 400, "bad_request", "does not start with a hexadecimal size"),
        (";a\r\n", 400, "bad_request", "does not start with a hexadecimal size"),
        ("0x10\r\n", 400, "bad_request", "the chunk line \"0x10\" has something other than extensions"),
        ("5 \r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5 5\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;=b\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;a=\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;a \r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;a=\"open\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;a=b c\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("5;a=\"\u{1}\"\r\nhello\r\n", 400, "bad_request", "has something other than extensions"),
        ("FFFFFFFFFFFFFFFFFF\r\n", 413, "content_too_large", "the request body is larger than 1024 bytes"),
        ("401\r\n", 413, "content_too_large", "larger than 1024 bytes"),
        ("400\r\n" + String(repeating: "a", count: 1024) + "\r\n1\r\n", 413, "content_too_large", "larger than 1024 bytes"),
        ("5\r\nhelloX\r\n0\r\n\r\n", 400, "bad_request", "a chunk's data is not followed by CRLF"),
        ("5\r\nhello\n0\r\n\r\n", 400, "bad_request", "a chunk's data is not followed by CRLF"),
        ("5\r\nhello\rX", 400, "bad_request", "a chunk's data is not followed by CRLF"),
        ("5\nhello\r\n", 400, "bad_request", "a chunk line ends with a bare LF"),
        ("5\rhello\r\n", 400, "bad_request", "a chunk line has a CR that no LF follows"),
        ("5\u{0}\r\nhello\r\n", 400, "bad_request", "a chunk line has a NUL byte"),
        ("5;" + String(repeating: "e", count: 5_000) + "\r\n", 400, "bad_request", "a chunk line is longer than 4096 bytes"),
        ("0\r\nBad Name: x\r\n\r\n", 400, "bad_request", "trailer field 1 (\"Bad Name\") has a name that is not a token"),
        ("0\r\nX-A : x\r\n\r\n", 400, "bad_request", "trailer field 1 (\"X-A \") has whitespace before its colon"),
        ("0\r\nX-A: a\r\n folded\r\n\r\n", 400, "bad_request", "trailer field 2 starts with whitespace"),
        ("0\r\nX-A: a\u{7}\r\n\r\n", 400, "bad_request", "trailer field 1 (\"X-A\") has the control byte \\x07"),
        ("0\r\nX-A: a\n\r\n", 400, "bad_request", "trailer field 1 ends with a bare LF"),
        ("0\r\n\n", 400, "bad_request", "trailer field 1 ends with a bare LF"),
    ]

    @Test(arguments: invalid)
    func anInvalidBodyIsRefusedWholeOrByteByByte(_ sample: (input: String, status: Int, code: String, phrase: String)) {
        let input = Self.bytes(sample.input)
        let whole = Self.decodeWhole(input)
        guard case let .rejected(status, code, message) = whole.ending else {
            Issue.record("not rejected: \(whole.ending)")
            return
        }
        #expect(status == sample.status)
        #expect(code == sample.code)
        #expect(message.contains(sample.phrase), "\(message)")
        #expect(Self.decodeByteByByte(input).ending == whole.ending)
    }

    @Test func aSizePastTheLimitIsRefusedAsSoonAsItsDigitsSaySo() {
        // No line end yet: the digits alone prove it.
        #expect(Self.decodeByteByByte(Self.bytes("FFFFFFFFFFFFFFFFFF")).ending
            == .rejected(status: 413, code: "content_too_large", message: "the request body is larger than 1024 bytes"))
        let afterData = Self.bytes("3FF\r\n" + String(repeating: "a", count: 1023) + "\r\n2")
        #expect(Self.decodeByteByByte(afterData).ending
            == .rejected(status: 413, code: "content_too_large", message: "the request body is larger than 1024 bytes"))
        #expect(Self.decodeWhole(Self.bytes("400")).ending == .needsMore)
    }

    @Test func anOverlongChunkLineIsRefusedBeforeItEnds() {
        let line = Self.bytes("5;" + String(repeating: "e", count: ChunkedBodyDecoder.chunkLineBytes - 4))
        #expect(Self.decodeWhole(line).ending == .needsMore)
        #expect(Self.decodeWhole(line + Self.bytes("\r\nhello\r\n0\r\n\r\n")).ending == .done)
        #expect(Self.decodeWhole(line + Self.bytes("e")).ending
            == .rejected(status: 400, code: "bad_request", message: "a chunk line is longer than 4096 bytes"))
    }

    @Test func trailersPastTheirLimitAre431() {
        let input = Self.bytes("0\r\nX-A: " + String(repeating: "v", count: 100) + "\r\n\r\n")
        func refused(_ limit: Int) -> Ending {
            .rejected(status: 431, code: "header_fields_too_large", message: "the request's trailer fields are larger than \(limit) bytes")
        }
        #expect(Self.decodeWhole(input, trailerLimit: 64).ending == refused(64))
        #expect(Self.decodeByteByByte(input, trailerLimit: 64).ending == refused(64))
        // "X-A: " and 100 bytes, and CRLF: 107 bytes.
        #expect(Self.decodeWhole(input, trailerLimit: 107).ending == .done)
        #expect(Self.decodeWhole(input, trailerLimit: 106).ending == refused(106))
    }

    // MARK: - Random bytes and broken bodies

    @Test func aSeededSweepNeverTrapsAndDecodesTheSameWholeOrByteByByte() {
        var random = SplitMix64(state: 0x7_1_2022)
        let seeds = Self.valid.map { Self.bytes($0.input) } + Self.invalid.map { Self.bytes($0.input) }
        var finished = 0
        for round in 0..<5_000 {
            let input = round % 4 == 0
                ? random.bytes(count: random.next(below: 80)) : random.mutated(seeds[random.next(below: seeds.count)])
            let whole = Self.decodeWhole(input)
            #expect(whole.consumed <= input.count && whole.body.count <= Self.limit)
            #expect(Self.decodeByteByByte(input) == whole, "\(input)")
            if whole.ending == .done { finished += 1 }
        }
        // Many mutations leave a valid body: the successful paths were swept too.
        #expect(finished > 50)
    }
}
