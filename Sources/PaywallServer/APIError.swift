import PaywallModel

/// An error answer of the service (docs/contracts.md): its status, a stable machine code, a message for people,
/// and for an unknown name the closest known ones. The body is
/// `{"error": {"status": 404, "code": "unknown_placement", "message": "…", "closest": […]}}`.
public struct APIError: Error, Sendable {
    public let status: Int
    public let code: String
    public let message: String
    /// Suggestions for a name that matched nothing; left out of the body when nil.
    public let closest: [String]?
    /// Headers the status calls for (`WWW-Authenticate` with 401, `Allow` with 405).
    public let extraHeaders: [(name: String, value: String)]

    public init(status: Int, code: String, message: String, closest: [String]? = nil,
                extraHeaders: [(name: String, value: String)] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.closest = closest
        self.extraHeaders = extraHeaders
    }

    /// The `{"status", "code", "message", "closest"}` object, as a batch answer also nests it.
    public var errorObject: JSONObject {
        var object = JSONObject(["status": .integer(status), "code": .string(code), "message": .string(message)])
        if let closest { object.append("closest", .strings(closest)) }
        return object
    }

    public var response: HTTPResponse {
        .json(.object(JSONObject(["error": .object(errorObject)])), status: status, headers: extraHeaders)
    }
}

extension APIError {
    public static func badRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "bad_request", message: message)
    }

    /// Bearer is the only scheme the service takes.
    public static func unauthorized(_ message: String) -> APIError {
        APIError(status: 401, code: "unauthorized", message: message, extraHeaders: [("WWW-Authenticate", "Bearer")])
    }

    /// Credentials of a role that the route is not for (the app token on an operator route).
    public static func forbidden(_ message: String) -> APIError {
        APIError(status: 403, code: "forbidden", message: message)
    }

    public static func notFound(path: String) -> APIError {
        APIError(status: 404, code: "not_found", message: "no route for \(path)")
    }

    public static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(status: 405, code: "method_not_allowed", message: "\(method) is not allowed here; use \(allowed.joined(separator: " or "))",
                 extraHeaders: [("Allow", allowed.joined(separator: ", "))])
    }

    /// A request head or body that did not arrive in time: `message` says which, and the bound it passed.
    static func requestTimeout(_ message: String) -> APIError {
        APIError(status: 408, code: "request_timeout", message: message)
    }

    /// Every 413: `message` says what was too large, and the bound it passed (a body's bytes, a batch's items, a
    /// batch's answer's bytes).
    public static func contentTooLarge(_ message: String) -> APIError {
        APIError(status: 413, code: "content_too_large", message: message)
    }

    /// A body longer than the engine takes.
    public static func contentTooLarge(limit: Int) -> APIError {
        .contentTooLarge("the request body is larger than \(limit) bytes")
    }

    public static func uriTooLong(limit: Int) -> APIError {
        APIError(status: 414, code: "uri_too_long", message: "the request line is longer than \(limit) bytes")
    }

    /// An expectation other than `100-continue` (RFC 9110 §10.1.1).
    public static func expectationFailed(_ message: String) -> APIError {
        APIError(status: 417, code: "expectation_failed", message: message)
    }

    public static func headerFieldsTooLarge(limit: Int) -> APIError {
        APIError(status: 431, code: "header_fields_too_large", message: "the request's header fields are larger than \(limit) bytes")
    }

    /// The fields after a chunked body's last chunk (RFC 9112 §7.1.2), held to the limit of the header fields.
    public static func trailerFieldsTooLarge(limit: Int) -> APIError {
        APIError(status: 431, code: "header_fields_too_large", message: "the request's trailer fields are larger than \(limit) bytes")
    }

    /// A transfer coding other than chunked (RFC 9112 §6.1).
    public static func notImplemented(_ message: String) -> APIError {
        APIError(status: 501, code: "not_implemented", message: message)
    }

    /// A request line whose version is `HTTP/<digit>.<digit>` but neither 1.1 nor 1.0.
    public static func httpVersionNotSupported(_ version: String) -> APIError {
        APIError(status: 505, code: "http_version_not_supported",
                 message: "\(version) is not supported; this server speaks HTTP/1.1 and HTTP/1.0")
    }

    /// A client past the connection limit, answered as soon as it is accepted and let go.
    static let tooManyConnections = APIError(status: 503, code: "too_many_connections",
                                             message: "the server holds as many connections as it may; try again shortly",
                                             extraHeaders: [("Retry-After", "1")])

    /// An answer that did not come within its deadline (`RequestDeadlines.answer`): given up on, though what the request
    /// asked may still be done (events stored, say; sending them again is harmless, as their ids tell them apart).
    static func responseTimeout(after deadline: Duration) -> APIError {
        APIError(status: 503, code: "response_timeout",
                 message: "the answer was not ready within \(deadline.components.seconds) seconds; what the request asked may still be done",
                 extraHeaders: [("Retry-After", "5")])
    }

    public static func noSnapshot(_ message: String) -> APIError {
        APIError(status: 503, code: "no_snapshot", message: message)
    }

    /// `--max-staleness` passed: `sources` say how long ago each last had a good sync or import.
    static func stale(_ sources: [String], maxStaleness: String) -> APIError {
        APIError(status: 503, code: "stale", message: "the newest good sync or import of \(sources.joined(separator: ", ")) "
                    + "is older than --max-staleness \(maxStaleness)")
    }
}

extension APIError {
    /// Events that could not be stored now (the writer is behind, or the file cannot be written): nothing of the
    /// batch was stored, and the client sends it again after `Retry-After`.
    static func eventsUnavailable(_ message: String, retryAfterSeconds: Int = 1) -> APIError {
        APIError(status: 503, code: "events_unavailable", message: message, extraHeaders: [("Retry-After", String(retryAfterSeconds))])
    }

    /// Too many reports are waiting for their turn (one is computed at a time): the client asks again after `Retry-After`.
    static func reportBusy(waiting: Int, retryAfterSeconds: Int) -> APIError {
        APIError(status: 503, code: "report_busy",
                 message: "\(waiting) reports are waiting to be computed, one at a time, and no more may wait; ask again shortly",
                 extraHeaders: [("Retry-After", String(retryAfterSeconds))])
    }
}
