@testable import HTTPServer

/// What serve reads from one connection's bytes by its `RequestReader`, one request after another (pipelining), until a
/// refusal or a request that closes the connection.
struct RequestStream {
    /// A request read whole, or the refusal that ends the connection.
    enum Item: Equatable {
        case request(ReadRequest)
        case refused(status: Int, code: String, message: String)
    }

    /// A request's head and body, comparable.
    struct ReadRequest: Equatable {
        let method: String
        let target: String
        let version: RequestHead.Version
        let fields: [Field]
        let framing: RequestHead.BodyFraming
        let keepAlive: Bool
        let expectsContinue: Bool
        let body: [UInt8]

        init(_ head: RequestHead, body: [UInt8]) {
            method = head.method.name
            target = head.target
            version = head.version
            fields = head.fields.map { Field(name: $0.name, value: $0.value) }
            framing = head.framing
            keepAlive = head.keepAlive
            expectsContinue = head.expectsContinue
            self.body = body
        }

        struct Field: Equatable {
            let name: String
            let value: String
        }

        var httpRequest: HTTPRequest {
            HTTPRequest(method: HTTPMethod(method), target: target, headers: fields.map { ($0.name, $0.value) }, body: body, httpVersion: version.text)
        }
    }

    private var reader: RequestReader
    private(set) var items: [Item] = []
    /// Refused, or answered with the connection closing: what comes after is not read.
    private var isClosed = false

    init(limits: RequestLimits) {
        reader = RequestReader(limits: limits)
    }

    /// Takes the bytes that arrived, and reads what they complete.
    mutating func receive(_ bytes: some Sequence<UInt8>) {
        reader.receive { $0 += bytes }
        while !isClosed {
            switch reader.next() {
            case .needsMore:
                return
            case .bodyFollows:
                continue
            case let .request(head, body):
                items.append(.request(ReadRequest(head, body: body)))
                isClosed = !head.keepAlive
            case let .rejected(error):
                items.append(.refused(status: error.status, code: error.code, message: error.message))
                isClosed = true
            }
        }
    }
}
