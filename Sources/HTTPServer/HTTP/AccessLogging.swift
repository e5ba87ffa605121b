/// Where a server writes one line per answered request, and per refusal: the service's access log.
public protocol AccessLogging: Sendable {
    /// A request answered `status` with `bodyBytes` of body, `duration` after its first bytes came; `method` and `path`
    /// are `-` for bytes refused before a head was read.
    func record(client: PeerAddress, method: String, path: String, status: Int, bodyBytes: Int, duration: Duration)
}
