import Glibc

/// Where the server listens: an IPv4 or IPv6 address literal and a port (0: any free port).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address without brackets: `127.0.0.1`, `::1`.
    public let host: String
    public let port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8787`: the loopback default of docs/contracts.md.
    public static let loopbackDefault = ListenAddress(host: "127.0.0.1", port: 8787)

    /// `HOST:PORT` with an IPv4 literal, or `[HOST]:PORT` with an IPv6 one; nil for anything else.
    /// Names such as `localhost` are refused rather than resolved, so the address bound is the one written.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), case let digits = text[text.index(after: colon)...],
              digits.allSatisfy({ ("0"..."9").contains($0) }), let port = UInt16(digits) else { return nil }
        var host = text[..<colon]
        let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
        if bracketed { host = host.dropFirst().dropLast() }
        guard let family = Self.family(of: String(host)), bracketed == (family == AF_INET6) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// For `localhost:PORT` (in any case), which is refused, the loopback literals to write instead: `127.0.0.1:PORT`
    /// and `[::1]:PORT`; nil for anything else.
    public static func loopbackLiterals(insteadOf text: String) -> [ListenAddress]? {
        guard let colon = text.lastIndex(of: ":"), text[..<colon].lowercased() == "localhost",
              case let digits = text[text.index(after: colon)...], digits.allSatisfy({ ("0"..."9").contains($0) }),
              let port = UInt16(digits) else { return nil }
        return [ListenAddress(host: "127.0.0.1", port: port), ListenAddress(host: "::1", port: port)]
    }

    /// `host:port`, with the IPv6 host in brackets.
    public var description: String {
        Self.family(of: host) == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// `http://host:port`, as the startup line shows it.
    public var url: String { "http://\(description)" }

    private static func family(of host: String) -> Int32? {
        var address = in6_addr()
        if inet_pton(AF_INET, host, &address) == 1 { return AF_INET }
        if inet_pton(AF_INET6, host, &address) == 1 { return AF_INET6 }
        return nil
    }
}
