/// One download, as the sync of a source asks for it.
public struct TransferRequest: Sendable {
    public var url: String
    /// Extra request headers from the configuration (never `Authorization`).
    public var headers: [(name: String, value: String)]
    /// Sent as `Authorization: Bearer ...`; a `Token` never prints its value.
    public var token: Token?
    /// PEM file of the certificate authorities to trust instead of the system's.
    public var caFile: String?
    /// Kept to the millisecond: a resolve's load timeout may be shorter than a second.
    public var connectTimeout: Duration
    /// The whole transfer, redirects included.
    public var timeout: Duration
    /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedSeconds` is abandoned as stalled.
    public var lowSpeedBytesPerSecond: Int
    public var lowSpeedSeconds: Int
    /// The most bytes the body may have once decompressed.
    public var maximumBytes: Int64
    /// Validators from the last good download, for a conditional request.
    public var entityTag: String?
    public var lastModified: String?
    /// Plain `http://` is refused unless this is set and the host is loopback (tests).
    public var allowsInsecureLoopback: Bool
    /// A 200's body must be a JSON object (`BodyShape`), checked as it streams in.
    public var requiresJSONObject: Bool

    public init(url: String, headers: [(name: String, value: String)] = [], token: Token? = nil, caFile: String? = nil,
                connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30), lowSpeedBytesPerSecond: Int = 1024, lowSpeedSeconds: Int = 15,
                maximumBytes: Int64 = 256 << 20, entityTag: String? = nil, lastModified: String? = nil, allowsInsecureLoopback: Bool = false,
                requiresJSONObject: Bool = false) {
        self.url = url
        self.headers = headers
        self.token = token
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
        self.maximumBytes = maximumBytes
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.allowsInsecureLoopback = allowsInsecureLoopback
        self.requiresJSONObject = requiresJSONObject
    }
}

/// What came back: the final response after redirects.
public struct TransferResponse: Sendable, Equatable {
    public let status: Int
    /// The length of the body written to the file, decompressed (0 for 304).
    public let bodyBytes: Int64
    public let entityTag: String?
    public let lastModified: String?
    public let contentType: String?
    /// `Retry-After` in seconds from now, when the server gave one (as seconds or as a date).
    public let retryAfterSeconds: Int?
}

/// Why a transfer did not complete. None of these messages contains the token.
public struct TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Worth another try: connection refused or reset, timeout, stall, truncated body.
        case transient
        /// Not worth another try: TLS verification, refused redirect, bad URL.
        case permanent
        /// The body is larger than `maximumBytes`.
        case oversize
        /// This machine failed: the body could not be written (a full disk, say).
        case local
        /// A 200 whose body cannot be what was asked for (`requiresJSONObject`).
        case malformed
    }

    public let kind: Kind
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
