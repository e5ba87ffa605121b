/// A responder's answer to a request: ready now, or given later.
public enum HTTPAnswer: Sendable {
    case now(HTTPResponse)
    case later(DeferredResponse)

    /// The response, waited for when it comes later.
    public func waited() -> HTTPResponse {
        switch self {
        case let .now(response): response
        case let .later(deferred): deferred.wait()
        }
    }
}
