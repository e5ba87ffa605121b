/// What the store knows of one source: its place in the answer order and how its last sync went.
public struct SourceState: Sendable, Equatable {
    public let name: String
    /// Sources answer a resolve without `--source` in ascending position.
    public let position: Int
    /// From the last download that was published or found unchanged; sent back as a conditional request.
    public let validators: Validators
    /// ISO 8601 UTC of the last sync attempt, and of the last one that succeeded.
    public let checkedAt: String?
    public let succeededAt: String?
    /// The last sync's result as the sync logs it (`published`, `unchanged`, `unreachable`, ...), with its
    /// message when it failed.
    public let outcome: String?
    public let message: String?
    /// Where the last sync took the export from (`https://…/ios.json`, `adapty app … (iOS, SDK 3.15.0)`).
    public let origin: String?
}

/// What tells that a download is the data a source already has: the response's cache validators, sent
/// back in a conditional request, and the SHA-256 of the body's bytes, which tells an unchanged body
/// under a new ETag without decoding it.
public struct Validators: Sendable, Equatable {
    public let entityTag: String?
    public let lastModified: String?
    public let bodySHA256: String?

    public init(entityTag: String?, lastModified: String?, bodySHA256: String? = nil) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.bodySHA256 = bodySHA256
    }

    public static let empty = Validators(entityTag: nil, lastModified: nil)
}

/// One sync attempt of a source, as recorded in the store.
public struct SyncCheck: Sendable, Equatable {
    public let checkedAt: String
    public let outcome: String
    public let message: String?
    /// Set when the attempt succeeded: the validators to send next time. A failed attempt keeps the
    /// previous ones, so a later 304 still refers to good data.
    public let validators: Validators?
    /// Where the export was asked for.
    public let origin: String?

    public init(checkedAt: String, outcome: String, message: String? = nil, validators: Validators? = nil, origin: String? = nil) {
        self.checkedAt = checkedAt
        self.outcome = outcome
        self.message = message
        self.validators = validators
        self.origin = origin
    }
}
