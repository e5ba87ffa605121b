@testable import PaywallServer

/// What serve reads from one connection's bytes, taken as `Connection` takes them as they arrive, without the socket:
/// request heads by `RequestHeadParser`, bodies by their Content-Length or by `ChunkedBodyDecoder`, one request after
/// another (pipelining), until a refusal or a request that closes the connection.
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
            method = head.method
            target = head.target
            version = head.version
            fields = head.fields.pairs.map { Field(name: $0.name, value: $0.value) }
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
            HTTPRequest(method: method, target: target, headers: fields.map { ($0.name, $0.value) }, body: body, httpVersion: version.text)
        }
    }

    private enum Phase {
        case head
        case body(RequestHead, remaining: Int)
        case chunked(RequestHead, ChunkedBodyDecoder)
        /// Refused, or answered with the connection closing: what comes after is not read.
        case closed
    }

    let limits: RequestLimits
    private(set) var items: [Item] = []
    private var input: [UInt8] = []
    private var consumed = 0
    private var phase = Phase.head
    private var headParser: RequestHeadParser
    private var body: [UInt8] = []

    init(limits: RequestLimits) {
        self.limits = limits
        headParser = RequestHeadParser(limits: limits)
    }

    /// Takes the bytes that arrived, and reads what they complete.
    mutating func receive(_ bytes: some Sequence<UInt8>) {
        input += bytes
        while advance() {}
    }

    /// One step of reading; false when more bytes are needed or nothing more is read.
    private mutating func advance() -> Bool {
        switch phase {
        case .head:
            let outcome = input.withUnsafeBytes { headParser.parse(UnsafeRawBufferPointer(rebasing: $0[consumed...])) }
            switch outcome {
            case .incomplete:
                return false
            case let .rejected(error):
                refuse(error)
                return false
            case let .head(head, length):
                consumed += length
                switch head.framing {
                case .none: finish(head)
                case let .length(count): phase = .body(head, remaining: count)
                case .chunked: phase = .chunked(head, ChunkedBodyDecoder(limit: limits.bodyBytes, trailerLimit: limits.headerBytes))
                }
                return true
            }
        case let .body(head, remaining):
            let taken = min(remaining, input.count - consumed)
            body += input[consumed..<(consumed + taken)]
            consumed += taken
            guard taken == remaining else {
                phase = .body(head, remaining: remaining - taken)
                return false
            }
            finish(head)
            return true
        case .chunked(let head, var decoder):
            let (used, progress) = input.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[consumed...]), into: &body) }
            consumed += used
            phase = .chunked(head, decoder)
            switch progress {
            case .needsMore:
                return false
            case .done:
                finish(head)
                return true
            case let .rejected(error):
                refuse(error)
                return false
            }
        case .closed:
            return false
        }
    }

    private mutating func finish(_ head: RequestHead) {
        items.append(.request(ReadRequest(head, body: body)))
        body = []
        if head.keepAlive {
            phase = .head
            headParser = RequestHeadParser(limits: limits)
        } else {
            phase = .closed
        }
    }

    private mutating func refuse(_ error: APIError) {
        items.append(.refused(status: error.status, code: error.code, message: error.message))
        phase = .closed
    }
}
