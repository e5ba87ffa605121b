import HTTPServer

extension APIError {
    /// The service's answer to a refusal of the HTTP engine (a request it could not read, too large, too slow, a client
    /// past the connection limit): the engine's status, code and message, and its `Retry-After` when it gives one.
    init(_ error: HTTPError) {
        self.init(status: error.status, code: error.code, message: error.message,
                  extraHeaders: error.retryAfterSeconds.map { [("Retry-After", String($0))] } ?? [])
    }
}
