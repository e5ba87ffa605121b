#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source's URL, checked for what sync allows: `https://`, or `http://` to a loopback host when the
/// caller allows it; a host; no user info (credentials belong in `token_env`/`token_file`).
public struct SourceURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as written in the config.
    public let text: String
    /// `https` or `http`, lowercased.
    public let scheme: String
    /// The host as written, without the brackets of an IPv6 literal.
    public let host: String
    public let port: Int?
    /// True for `localhost`, 127.0.0.0/8 and ::1.
    public let isLoopback: Bool

    public var description: String { text }

    struct Problem: Error {
        let reason: String
    }

    static let insecureReason = "plain http:// is refused (use https://; http is allowed only to loopback with --allow-insecure-loopback)"

    init(parsing text: String, allowInsecureLoopback: Bool) throws(Problem) {
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.value > 0x7E }) {
            throw Problem(reason: "contains a space, a control character or a non-ASCII character (percent-encode it)")
        }
        guard let separator = text.firstRange(of: "://") else {
            throw Problem(reason: "not an absolute URL (expected https://host/path)")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw Problem(reason: scheme.isEmpty ? "not an absolute URL (expected https://host/path)"
                : "unsupported scheme \"\(scheme)\" (use https://)")
        }
        let rest = text[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") {
            throw Problem(reason: "user info (user:password@) is refused in a URL; put the token in token_env or token_file")
        }
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Problem(reason: "unterminated IPv6 address in the host") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw Problem(reason: "unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
            guard Self.ipv6(String(host)) != nil else { throw Problem(reason: "invalid IPv6 address \"\(host)\"") }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw Problem(reason: "has no host") }
        if !authority.hasPrefix("["), !host.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        }) {
            throw Problem(reason: "invalid host \"\(host)\" (letters, digits, '-', '.' and '_', or an IP address)")
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), portText.allSatisfy(\.isNumber), (1...65_535).contains(number) else {
                throw Problem(reason: "invalid port \"\(portText)\" (1-65535)")
            }
            port = number
        }
        let loopback = Self.isLoopbackHost(String(host))
        if scheme == "http", !(loopback && allowInsecureLoopback) {
            throw Problem(reason: Self.insecureReason)
        }
        self.text = text
        self.scheme = scheme
        self.host = String(host)
        self.port = port
        self.isLoopback = loopback
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "localhost." { return true }
        if let bytes = ipv6(host) { return bytes == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] }
        var address = in_addr()
        if inet_pton(AF_INET, host, &address) == 1 {
            return withUnsafeBytes(of: &address) { $0.first == 127 }
        }
        return false
    }

    /// The 16 bytes of an IPv6 literal, or nil.
    static func ipv6(_ host: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
