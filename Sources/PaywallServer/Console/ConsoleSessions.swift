import Synchronization

/// The console's sessions (docs/contracts.md): a browser cannot send a bearer token as it navigates, so with an admin
/// token the console asks for it once and opens a session, named by a random id in a cookie: never the token itself.
/// Kept in this process's memory only, each for `lifetime`; a restart logs every browser out.
final class ConsoleSessions: Sendable {
    static let cookieName = "paywalls_console"
    static let lifetime = Duration.seconds(12 * 3_600)
    /// Sessions open at once, at most: past it, the one that ends first makes room.
    static let maximumOpen = 1_000

    /// Each open session's id and when it ends.
    private let open = Mutex<[String: ContinuousClock.Instant]>([:])

    /// A new session's id: 32 random bytes from the system's generator (getrandom), in hex.
    func start(now: ContinuousClock.Instant = .now) -> String {
        var generator = SystemRandomNumberGenerator()
        var id = ""
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            id += String(repeating: "0", count: 16 - hex.count) + hex
        }
        open.withLock { open in
            open = open.filter { $0.value > now }
            if open.count >= Self.maximumOpen, let first = open.min(by: { $0.value < $1.value }) { open[first.key] = nil }
            open[id] = now + Self.lifetime
        }
        return id
    }

    /// Whether the `Cookie` field names an open session.
    func isOpen(cookieField: String?, now: ContinuousClock.Instant = .now) -> Bool {
        guard let id = Self.sessionID(in: cookieField) else { return false }
        return open.withLock { open in
            guard let end = open[id] else { return false }
            guard end > now else {
                open[id] = nil
                return false
            }
            return true
        }
    }

    /// Ends the session the `Cookie` field names, if any.
    func end(cookieField: String?) {
        guard let id = Self.sessionID(in: cookieField) else { return }
        _ = open.withLock { $0.removeValue(forKey: id) }
    }

    /// The `Set-Cookie` value that hands a browser `id`: not readable by scripts, sent only by the console's own
    /// pages, and only from them (`SameSite=Strict`: no other site's link or form carries it).
    static func cookie(_ id: String) -> String {
        "\(cookieName)=\(id); HttpOnly; SameSite=Strict; Path=/console; Max-Age=\(lifetime.components.seconds)"
    }

    /// The `Set-Cookie` value that removes it.
    static let expiredCookie = "\(cookieName)=; HttpOnly; SameSite=Strict; Path=/console; Max-Age=0"

    /// The session id in `name=value; name=value`.
    private static func sessionID(in field: String?) -> String? {
        guard let field else { return nil }
        for pair in field.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard trimmed.hasPrefix(cookieName + "=") else { continue }
            return String(trimmed.dropFirst(cookieName.count + 1))
        }
        return nil
    }
}
