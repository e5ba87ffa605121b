import PaywallSync

/// `Authorization: Bearer <token>` checked against the token of `--token-file`, in constant time.
struct BearerAuthorization: Sendable {
    let token: Token

    /// Nil when `request` carries the token, else the 401 to answer. The messages never echo what was sent.
    func refusal(of request: HTTPRequest) -> APIError? {
        guard let value = request.header("Authorization") else {
            return .unauthorized("this route needs an Authorization: Bearer <token> header")
        }
        let scheme = value.prefix { $0 != " " }
        let credentials = value.dropFirst(scheme.count).drop { $0 == " " }
        guard scheme.lowercased() == "bearer", token.matches(credentials) else {
            return .unauthorized("the bearer token is not the one this server accepts")
        }
        return nil
    }
}
