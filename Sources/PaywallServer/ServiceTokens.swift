import PaywallSync
import Synchronization

/// The bearer tokens of serve's two roles (`RouteAccess`), each read from its file at start (`--token-file`,
/// `--admin-token-file`) and again on SIGHUP, so that a token can be replaced without a restart. A token is
/// compared in constant time and never shown; a refusal never echoes what was sent.
public final class ServiceTokens: Sendable {
    private let appFile: String?
    private let adminFile: String?
    private let tokens: Mutex<(app: Token?, admin: Token?)>

    /// No token: every route is open, as on a developer's loopback.
    public static let none = ServiceTokens(appFile: nil, adminFile: nil, tokens: (nil, nil))

    /// Reads the files given; throws what is wrong with one, naming it.
    public convenience init(appFile: String?, adminFile: String?) throws(TokenProblem) {
        self.init(appFile: appFile, adminFile: adminFile, tokens: try Self.read(appFile: appFile, adminFile: adminFile))
    }

    private init(appFile: String?, adminFile: String?, tokens: (app: Token?, admin: Token?)) {
        self.appFile = appFile
        self.adminFile = adminFile
        self.tokens = Mutex(tokens)
    }

    /// Whether apps need a token, which makes what they get theirs alone in caches.
    public var guardsApps: Bool { tokens.withLock { $0.app != nil } }

    /// Reads the files again. The tokens change only when both read; else the ones in use stay, and the problem is thrown.
    public func reload() throws(TokenProblem) {
        let read = try Self.read(appFile: appFile, adminFile: adminFile)
        tokens.withLock { $0 = read }
    }

    /// What to tell the operator about the token files: each that others may read.
    public var exposures: [String] {
        [appFile, adminFile].compactMap { $0.flatMap(Token.exposure(ofFile:)) }
    }

    private static func read(appFile: String?, adminFile: String?) throws(TokenProblem) -> (app: Token?, admin: Token?) {
        // A problem names the option the file came from.
        func read(_ path: String?, option: String) throws(TokenProblem) -> Token? {
            guard let path else { return nil }
            do { return try Token.read(file: path) } catch { throw TokenProblem(reason: "\(option): \(error.reason)") }
        }
        let app = try read(appFile, option: "--token-file")
        let admin = try read(adminFile, option: "--admin-token-file")
        if let app, let admin, app == admin {
            throw TokenProblem(reason: "the admin token (\(adminFile ?? "")) is the app token (\(appFile ?? "")): it must be another")
        }
        return (app, admin)
    }

    /// Nil when a request that sent `authorization` may call a route of `access`, else the error to answer.
    func refusal(of access: RouteAccess, authorization: String?) -> APIError? {
        let (app, admin) = tokens.withLock { $0 }
        switch access {
        case .open:
            return nil
        case .apps:
            guard let app else { return nil }
            guard let presented = Self.bearer(authorization) else { return .unauthorized(Self.missing) }
            return app.matches(presented) || admin?.matches(presented) == true ? nil : .unauthorized(Self.wrong)
        case .operators:
            guard let admin else {
                return app == nil ? nil : .forbidden("this route is for operators, and the app token does not open it: "
                                                     + "start serve with --admin-token-file and send that token")
            }
            guard let presented = Self.bearer(authorization) else { return .unauthorized(Self.missing) }
            if admin.matches(presented) { return nil }
            return app?.matches(presented) == true ? .forbidden("the app token does not open this route: send the admin token") : .unauthorized(Self.wrong)
        }
    }

    /// How the console is entered (docs/contracts.md).
    enum ConsoleEntry {
        /// No token: open, as every route is.
        case open
        /// By a session, opened with the admin token.
        case session
        /// The app token alone: the console is for operators, and none can be told apart.
        case closed
    }

    var consoleEntry: ConsoleEntry {
        let (app, admin) = tokens.withLock { $0 }
        if admin != nil { return .session }
        return app == nil ? .open : .closed
    }

    /// Whether `presented` is the admin token (in constant time).
    func isAdminToken(_ presented: String) -> Bool {
        tokens.withLock { $0.admin }?.matches(presented) ?? false
    }

    private static let missing = "this route needs an Authorization: Bearer <token> header"
    private static let wrong = "the bearer token is not one this server accepts"

    /// The credentials of `Bearer <credentials>` (the scheme in any case), else nil.
    private static func bearer(_ authorization: String?) -> Substring? {
        guard let value = authorization else { return nil }
        let scheme = value.prefix { $0 != " " }
        guard scheme.lowercased() == "bearer" else { return nil }
        return value.dropFirst(scheme.count).drop { $0 == " " }
    }
}
