import HTTPServer
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

    /// Every 413: `message` says what was too large, and the bound it passed (a body's bytes, a batch's items, a
    /// batch's answer's bytes).
    public static func contentTooLarge(_ message: String) -> APIError {
        APIError(status: 413, code: "content_too_large", message: message)
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
