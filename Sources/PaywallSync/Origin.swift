/// Where a URL points, as far as what may be sent there goes (RFC 6454): its scheme, host and port. A redirect to
/// another origin gets neither the token nor the configured headers of the source: they are for its own server.
struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int

    /// Nil for a URL this cannot read, which is then no one's origin.
    init?(_ url: String) {
        guard let separator = url.firstRange(of: "://") else { return nil }
        scheme = url[..<separator.lowerBound].lowercased()
        let authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let portStart: Substring.Index?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            host = hostAndPort[...close].lowercased()
            portStart = hostAndPort[hostAndPort.index(after: close)...].firstIndex(of: ":")
        } else {
            portStart = hostAndPort.firstIndex(of: ":")
            host = hostAndPort[..<(portStart ?? hostAndPort.endIndex)].lowercased()
        }
        if let portStart {
            guard let number = Int(hostAndPort[hostAndPort.index(after: portStart)...]), (0...65_535).contains(number) else { return nil }
            port = number
        } else {
            guard let known = ["https": 443, "http": 80][scheme] else { return nil }
            port = known
        }
        guard !host.isEmpty else { return nil }
    }
}
