#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bearer token. It never shows: `description`, `debugDescription`, string interpolation, `dump`
/// and mirrors all say `<redacted>`; the only way to the value is `authorizationHeaderValue`, for the
/// request.
public struct Token: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let secret: String

    public init(secret: String) {
        self.secret = secret
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `Bearer <token>`, for the `Authorization` header. Never log it.
    public var authorizationHeaderValue: String { "Bearer " + secret }

    /// At most this many bytes are read from a token file.
    public static let maximumFileBytes = 65_536
}

/// Why a token could not be read: which variable or file, never its contents. The CLI exits 78.
public struct TokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source whose token it is.
    public let source: String
    public let reason: String

    public var description: String { "source \"\(source)\": \(reason)" }
}

extension SyncConfiguration.Source {
    /// Reads this source's token now (nil when the source has none).
    /// - Parameter environment: looks up an environment variable; the process environment by default.
    public func readToken(environment: (String) -> String? = processEnvironment) throws(TokenError) -> Token? {
        switch token {
        case .none:
            return nil
        case let .environment(variable):
            guard let value = environment(variable) else {
                throw TokenError(source: name, reason: "environment variable \(variable) (token_env) is not set")
            }
            return try checked(value, what: "environment variable \(variable) (token_env)")
        case let .file(path):
            return try checked(try Self.readTokenFile(path, source: name), what: "token file \(path)")
        }
    }

    /// The token less trailing CR/LF; refused when empty or when it holds a control character (it
    /// would break the header).
    private func checked(_ value: String, what: String) throws(TokenError) -> Token {
        var trimmed = Substring(value)
        while let last = trimmed.unicodeScalars.last, last == "\n" || last == "\r" {
            trimmed = Substring(trimmed.unicodeScalars.dropLast())
        }
        if trimmed.isEmpty { throw TokenError(source: name, reason: "\(what) is empty") }
        if trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw TokenError(source: name, reason: "\(what) holds a line break or a control character (a token is one line)")
        }
        return Token(secret: String(trimmed))
    }

    private static func readTokenFile(_ path: String, source: String) throws(TokenError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TokenError(source: source, reason: "cannot read token file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TokenError(source: source, reason: "cannot read token file \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > Token.maximumFileBytes {
                throw TokenError(source: source, reason: "token file \(path) is larger than \(Token.maximumFileBytes) bytes")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TokenError(source: source, reason: "token file \(path) is not UTF-8 text")
        }
        return text
    }
}

/// The process environment's value of `name`.
public func processEnvironment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
