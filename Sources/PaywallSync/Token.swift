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

    /// Whether `presented` is this token. The time taken depends on the two lengths only, never on
    /// where the bytes differ, so that answers cannot be timed to guess the token byte by byte.
    public func matches(_ presented: some StringProtocol) -> Bool {
        ConstantTime.equal(Array(secret.utf8), Array(presented.utf8))
    }

    /// At most this many bytes are read from a token file.
    public static let maximumFileBytes = 65_536

    /// A warning when the file at `path` may be read by its group or by others (a token is its owner's alone), else nil.
    public static func exposure(ofFile path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o044 != 0 else { return nil }
        return "token file \(path) can be read by \(status.st_mode & 0o004 != 0 ? "anyone" : "its group") "
            + "(mode \(String(status.st_mode & 0o777, radix: 8))): make it readable by its owner only (chmod 600)"
    }
}

/// Why a token could not be read: which variable or file, never its contents. The CLI exits 78.
public struct TokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source whose token it is.
    public let source: String
    public let reason: String

    public var description: String { "source \"\(source)\": \(reason)" }
}

extension Token {
    /// Reads a token from the file at `path` (one line, at most `maximumFileBytes`, UTF-8).
    public static func read(file path: String) throws(TokenProblem) -> Token {
        try checked(try readFile(path), what: "token file \(path)")
    }

    /// The token less the spaces, tabs and line breaks around it (an editor's trailing newline, a pasted space:
    /// kept, they would make a token that no client can ever present); refused when nothing is left or when it
    /// holds a control character (it would break the header). `what` names where it came from.
    static func checked(_ value: String, what: String) throws(TokenProblem) -> Token {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var trimmed = Substring(value)
        while let first = trimmed.unicodeScalars.first, isSpace(first) { trimmed = Substring(trimmed.unicodeScalars.dropFirst()) }
        while let last = trimmed.unicodeScalars.last, isSpace(last) { trimmed = Substring(trimmed.unicodeScalars.dropLast()) }
        if trimmed.isEmpty { throw TokenProblem(reason: "\(what) is empty\(value.isEmpty ? "" : " (it holds only spaces or line breaks)")") }
        if trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw TokenProblem(reason: "\(what) holds a line break or a control character (a token is one line)")
        }
        return Token(secret: String(trimmed))
    }

    private static func readFile(_ path: String) throws(TokenProblem) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TokenProblem(reason: "cannot read token file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TokenProblem(reason: "cannot read token file \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > Token.maximumFileBytes {
                throw TokenProblem(reason: "token file \(path) is larger than \(Token.maximumFileBytes) bytes")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TokenProblem(reason: "token file \(path) is not UTF-8 text")
        }
        return text
    }
}

/// Why a token could not be read, naming its variable or file, never its contents.
public struct TokenProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

extension SyncConfiguration.Source {
    /// Reads this source's token now (nil when the source has none).
    /// - Parameter environment: looks up an environment variable; the process environment by default.
    public func readToken(environment: (String) -> String? = processEnvironment) throws(TokenError) -> Token? {
        do throws(TokenProblem) {
            switch token {
            case .none:
                return nil
            case let .environment(variable):
                guard let value = environment(variable) else {
                    throw TokenProblem(reason: "environment variable \(variable) (token_env) is not set")
                }
                return try Token.checked(value, what: "environment variable \(variable) (token_env)")
            case let .file(path):
                return try Token.read(file: path)
            }
        } catch {
            throw TokenError(source: name, reason: error.reason)
        }
    }
}

/// The process environment's value of `name`.
public func processEnvironment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

extension SyncConfiguration.TokenSource {
    /// Where the token comes from, for a message: never its value.
    var spoken: String {
        switch self {
        case .none: return "no token"
        case let .environment(variable): return "the token of environment variable \(variable) (token_env)"
        case let .file(path): return "the token of \(path) (token_file)"
        }
    }
}
