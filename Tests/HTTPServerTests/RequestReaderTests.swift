@testable import HTTPServer
import Testing

@Suite("Request reader: pipelined requests with their bodies, the same however the bytes arrive")
struct RequestReaderTests {
    /// A step of reading, comparable: a head by its method and target.
    enum Read: Equatable {
        case bodyFollows(method: String, target: String)
        case request(method: String, target: String, body: String)
        case rejected(status: Int, code: String)
    }

    /// A GET, a POST with a Content-Length, a chunked POST with a trailer field, then a GET that closes.
    static let stream = Array((
        "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\nhello world"
            + "POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n3;x=y\r\nfgh\r\n0\r\nX-Sum: 1\r\n\r\n"
            + "GET /v1/status HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    ).utf8)

    static let expected: [Read] = [
        .request(method: "GET", target: "/healthz", body: ""),
        .bodyFollows(method: "POST", target: "/v1/events"),
        .request(method: "POST", target: "/v1/events", body: "hello world"),
        .bodyFollows(method: "POST", target: "/v1/bundles"),
        .request(method: "POST", target: "/v1/bundles", body: "abcdefgh"),
        .request(method: "GET", target: "/v1/status", body: ""),
    ]

    /// Reads `pieces` as they arrive, one after another: every step but `needsMore`, up to a rejection.
    static func read(_ pieces: [ArraySlice<UInt8>], limits: RequestLimits = RequestLimits()) -> [Read] {
        var reader = RequestReader(limits: limits)
        var steps: [Read] = []
        for piece in pieces {
            reader.receive { $0 += piece }
            reading: while true {
                switch reader.next() {
                case .needsMore:
                    break reading
                case let .bodyFollows(head):
                    steps.append(.bodyFollows(method: head.method.name, target: head.target))
                case let .request(head, body):
                    steps.append(.request(method: head.method.name, target: head.target, body: String(decoding: body, as: UTF8.self)))
                case let .rejected(error):
                    steps.append(.rejected(status: error.status, code: error.code))
                    return steps
                }
            }
        }
        return steps
    }

    @Test func readsPipelinedRequestsWhole() {
        #expect(Self.read([Self.stream[...]]) == Self.expected)
    }

    /// Every place the stream may be cut in two, and one byte at a time: the same requests.
    @Test func howTheBytesAreCutMakesNoDifference() {
        let stream = Self.stream
        for cut in 0...stream.count {
            let steps = Self.read([stream[..<cut], stream[cut...]])
            #expect(steps == Self.expected, "cut at \(cut)")
        }
        #expect(Self.read(stream.indices.map { stream[$0...$0] }) == Self.expected)
    }

    /// Between requests only once the last request is read whole and nothing of the next has come.
    @Test func isBetweenRequestsOnlyWithNothingUnderWay() {
        var reader = RequestReader(limits: RequestLimits())
        #expect(reader.isBetweenRequests)
        reader.receive { $0 += Array("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab".utf8) }
        guard case .bodyFollows = reader.next() else { Issue.record("no head"); return }
        #expect(!reader.isBetweenRequests)
        #expect(reader.bodyBytesRead == 0)
        guard case .needsMore = reader.next() else { Issue.record("a body of 2 bytes of 4 read whole"); return }
        #expect(reader.bodyBytesRead == 2)
        reader.receive { $0 += Array("cdGET".utf8) }
        guard case .request = reader.next() else { Issue.record("the body did not end"); return }
        #expect(!reader.isBetweenRequests, "the next request's first bytes are in")
        #expect(reader.unreadByteCount == 3)
        reader.discard()
        #expect(reader.isBetweenRequests)
        #expect(reader.unreadByteCount == 0)
    }

    /// A chunked body past the limit, and a head that is no head: rejected with their answers, what came before read.
    @Test func rejectsWhatIsNoRequestAfterReadingWhatCameBefore() {
        let small = RequestLimits(requestLineBytes: 512, headerBytes: 1024, bodyBytes: 4)
        let tooLong = Array("GET / HTTP/1.1\r\nHost: t\r\n\r\nPOST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n0\r\n\r\n".utf8)
        #expect(Self.read([tooLong[...]], limits: small) == [
            .request(method: "GET", target: "/", body: ""),
            .bodyFollows(method: "POST", target: "/"),
            .rejected(status: 413, code: "content_too_large"),
        ])
        #expect(Self.read([Array("GET / HTTP/1.1\r\nHost: t\r\n\r\nHELLO\r\n\r\n".utf8)[...]]) == [
            .request(method: "GET", target: "/", body: ""),
            .rejected(status: 400, code: "bad_request"),
        ])
    }
}
