import PaywallStore

/// A PostgreSQL database given as `postgresql://USER@HOST:PORT/DB` (libpq's URI form; `postgres://` too, with
/// libpq's `?key=value` parameters). Never with a password: a URL is shown by `ps`, kept in shell histories and
/// written in logs, so the password comes from a file (`--events-password-file`) or libpq's `PGPASSFILE`, and the
/// URL can be named in every message as it is.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    public let url: String
    /// Sent to the server when it asks for one.
    public let password: String?

    public init(url: String, password: String? = nil) throws(StoreError) {
        guard let rest = ["postgresql://", "postgres://"].lazy.compactMap({ url.hasPrefix($0) ? url.dropFirst($0.count) : nil }).first else {
            throw StoreError(kind: .corrupt, message: "\"\(url.prefix(200))\" is not a postgresql://USER@HOST:PORT/DB URL")
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let query = rest.drop { $0 != "?" }.dropFirst()
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") {
            throw StoreError(kind: .corrupt, message: Self.noPassword)
        }
        if query.split(separator: "&").contains(where: { $0.hasPrefix("password=") }) {
            throw StoreError(kind: .corrupt, message: Self.noPassword)
        }
        self.url = url
        self.password = password
    }

    private static let noPassword = "the events URL must not hold a password (ps and logs would show it): put it in --events-password-file or PGPASSFILE"

    /// The URL, which holds no password.
    public var description: String { url }
}
