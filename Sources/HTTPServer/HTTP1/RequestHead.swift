/// A request's head as RFC 9112 frames it, checked: what a connection needs to read the body and answer.
/// A class: it passes from the parser through the connection's phases to the answer, each step one retain
/// rather than a copy of every field.
final class RequestHead: Sendable {
    enum Version: Sendable, Equatable {
        case http10, http11

        /// `HTTP/1.0` or `HTTP/1.1`, as a request line and a status line spell it.
        var text: String {
            switch self {
            case .http10: "HTTP/1.0"
            case .http11: "HTTP/1.1"
            }
        }
    }

    /// How the body that follows the head ends (RFC 9112 §6.3).
    enum BodyFraming: Sendable, Equatable {
        /// No Content-Length and no Transfer-Encoding: the request has no body.
        case none
        /// Content-Length: exactly this many bytes, at most the body limit.
        case length(Int)
        /// Transfer-Encoding: chunked, read with a `ChunkedBodyDecoder`.
        case chunked
    }

    let method: String
    /// The origin-form as sent (path and query); for the absolute-form its path and query (`/` when it has no path);
    /// `*` for `OPTIONS *`; `host:port` for CONNECT.
    let target: String
    let version: Version
    /// The header fields in the order received: names as sent, values without the whitespace around them.
    let fields: HeaderFields
    let framing: BodyFraming
    /// Whether the connection stays open after the answer: in HTTP/1.1 unless a `Connection` token is `close`,
    /// in HTTP/1.0 only with a `keep-alive` token (and no `close`).
    let keepAlive: Bool
    /// `Expect: 100-continue` in an HTTP/1.1 request: the client waits for a 100 before it sends the body.
    let expectsContinue: Bool

    /// The target up to its first `?`, as the access log writes it (the query may carry tokens).
    var path: Substring { target[..<HTTPRequest.pathEnd(in: target)] }

    /// The request as a responder reads it: with `body`, or with none when it is asked about the head alone.
    /// - Parameter arrival: when its first bytes came.
    func request(body: [UInt8], arrival: ContinuousClock.Instant) -> HTTPRequest {
        HTTPRequest(method: method, target: target, fields: fields, body: body, httpVersion: version.text, arrival: arrival, targetIsASCII: true)
    }

    init(method: String, target: String, version: Version, fields: HeaderFields, framing: BodyFraming,
         keepAlive: Bool, expectsContinue: Bool) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
        self.framing = framing
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
    }
}
