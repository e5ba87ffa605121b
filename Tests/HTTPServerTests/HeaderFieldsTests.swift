@testable import HTTPServer
import Testing

@Suite("Header fields: kept as received, looked up by name in any case")
struct HeaderFieldsTests {
    static let fields = HeaderFields([("Host", "x"), ("Accept", "*/*"), ("accept-encoding", "gzip, br"), ("X-Empty", ""),
                                      ("Accept-Encoding", "identity"), ("X-Colon", "a:b:c")])

    @Test func aNameIsFoundInAnyCaseAndTheFirstFieldWins() {
        #expect(Self.fields.value(named: "Accept-Encoding") == "gzip, br")
        #expect(Self.fields.value(named: "ACCEPT") == "*/*")
        #expect(Self.fields.value(named: "host") == "x")
    }

    @Test func aNameIsMatchedWholeNotByItsStart() {
        #expect(Self.fields.value(named: "Accept-") == nil)
        #expect(Self.fields.value(named: "Hos") == nil)
        #expect(Self.fields.value(named: "Hosts") == nil)
        #expect(Self.fields.value(named: "") == nil)
    }

    @Test func valuesKeepTheirColonsAndMayBeEmpty() {
        #expect(Self.fields.value(named: "x-colon") == "a:b:c")
        #expect(Self.fields.value(named: "X-Empty") == "")
    }

    @Test func everyFieldComesBackInOrder() {
        let pairs = Self.fields.pairs
        #expect(pairs.map(\.name) == ["Host", "Accept", "accept-encoding", "X-Empty", "Accept-Encoding", "X-Colon"])
        #expect(pairs.map(\.value) == ["x", "*/*", "gzip, br", "", "identity", "a:b:c"])
        #expect(Self.fields.count == 6)
        #expect(HeaderFields([]).count == 0)
        #expect(HeaderFields([]).pairs.isEmpty)
        #expect(HeaderFields([]).value(named: "Host") == nil)
    }

    @Test func aRequestReadsItsFieldsSo() {
        let request = HTTPRequest(method: "GET", target: "/v1/status?x=1", headers: [("If-None-Match", "\"a\"")])
        #expect(request.header("if-none-match") == "\"a\"")
        #expect(request.headers.count == 1)
        #expect(request.path == "/v1/status")
        #expect(request.query == "x=1")
    }
}
