/// Why the server refuses a request it is reading, or a connection it cannot hold: the status, a short stable code and a
/// message for people that names what in the bytes is wrong. The engine answers nothing itself: its responder turns the
/// error into an answer (`HTTPResponder.respond(toRefused:)`).
public struct HTTPError: Error, Sendable, Equatable {
    public let status: Int
    /// `bad_request`, `uri_too_long`…: what a client's code may tell refusals apart by.
    public let code: String
    public let message: String
    /// When the client may ask again, for the refusals that say so (`Retry-After`, RFC 9110 §10.2.3).
    public let retryAfterSeconds: Int?

    public init(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }
}

extension HTTPError {
    static func badRequest(_ message: String) -> HTTPError {
        HTTPError(status: 400, code: "bad_request", message: message)
    }

    /// A request head or body that did not arrive in time: `message` says which, and the bound it passed.
    static func requestTimeout(_ message: String) -> HTTPError {
        HTTPError(status: 408, code: "request_timeout", message: message)
    }

    static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(status: 413, code: "content_too_large", message: "the request body is larger than \(limit) bytes")
    }

    static func uriTooLong(limit: Int) -> HTTPError {
        HTTPError(status: 414, code: "uri_too_long", message: "the request line is longer than \(limit) bytes")
    }

    /// An expectation other than `100-continue` (RFC 9110 §10.1.1).
    static func expectationFailed(_ message: String) -> HTTPError {
        HTTPError(status: 417, code: "expectation_failed", message: message)
    }

    static func headerFieldsTooLarge(limit: Int) -> HTTPError {
        HTTPError(status: 431, code: "header_fields_too_large", message: "the request's header fields are larger than \(limit) bytes")
    }

    /// The fields after a chunked body's last chunk (RFC 9112 §7.1.2), held to the limit of the header fields.
    static func trailerFieldsTooLarge(limit: Int) -> HTTPError {
        HTTPError(status: 431, code: "header_fields_too_large", message: "the request's trailer fields are larger than \(limit) bytes")
    }

    /// A transfer coding other than chunked (RFC 9112 §6.1).
    static func notImplemented(_ message: String) -> HTTPError {
        HTTPError(status: 501, code: "not_implemented", message: message)
    }

    /// A request line whose version is `HTTP/<digit>.<digit>` but neither 1.1 nor 1.0.
    static func httpVersionNotSupported(_ version: String) -> HTTPError {
        HTTPError(status: 505, code: "http_version_not_supported", message: "\(version) is not supported; this server speaks HTTP/1.1 and HTTP/1.0")
    }

    /// A client past the connection limit, answered as soon as it is accepted and let go.
    static let tooManyConnections = HTTPError(status: 503, code: "too_many_connections",
                                              message: "the server holds as many connections as it may; try again shortly", retryAfterSeconds: 1)

    /// An answer that did not come within its deadline (`RequestDeadlines.answer`): given up on, though what the request
    /// asked may still be done (events stored, say; sending them again is harmless, as their ids tell them apart).
    static func responseTimeout(after deadline: Duration) -> HTTPError {
        HTTPError(status: 503, code: "response_timeout",
                  message: "the answer was not ready within \(deadline.components.seconds) seconds; what the request asked may still be done",
                  retryAfterSeconds: 5)
    }
}
