import PaywallStore

/// How the sync of one source ended.
public struct SourceResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// A new snapshot was published.
        case published
        /// The data is the current snapshot's, as the evidence says: nothing was written.
        case unchanged(Evidence)
        /// The source failed; its last good data stays current.
        case failed(Failure)

        var name: String {
            switch self {
            case .published: "published"
            case .unchanged: "unchanged"
            case let .failed(failure): failure.kind.rawValue
            }
        }
    }

    public let source: String
    /// Where its export comes from: a URL, or an app of the vendor's dashboard.
    public let origin: SyncConfiguration.Origin
    public let outcome: Outcome
    /// The final response's status, when there was one.
    public let httpStatus: Int?
    /// Body bytes received by the last try (decompressed).
    public let bytes: Int64
    public let duration: Duration
    public let attempts: Int
    /// The source's current snapshot after the run (the previous one when it failed), if any.
    public let snapshot: SnapshotInfo?

    /// The word logs, `status` and the store use for the outcome.
    public var status: String { outcome.name }

    /// True when the server answered 304 to the stored validators.
    public var notModified: Bool { outcome == .unchanged(.notModified) }
}

/// What showed that a download holds the current snapshot's data.
public enum Evidence: Sendable, Equatable {
    /// The server answered 304 to the stored validators.
    case notModified
    /// The body has the very bytes of the current snapshot's download: not decoded again.
    case sameBytes
    /// The body decodes to the current snapshot's JSON value.
    case sameContent
}

/// Why a source failed, ordered from the least to the most serious: a run reports its worst.
public struct Failure: Sendable, Equatable, Comparable, CustomStringConvertible {
    public enum Kind: String, Sendable, Comparable {
        /// Not reached after the tries the run allowed: network, TLS, HTTP errors, token refused.
        case unreachable
        /// Reached, but what came is not an export to publish.
        case invalid
        /// Another writer held the store past its busy timeout.
        case storeLocked = "store-locked"
        /// This machine failed: the body or the snapshot could not be written (a full disk, say).
        case local

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            lhs.severity < rhs.severity
        }

        private var severity: Int {
            switch self {
            case .unreachable: 0
            case .invalid: 1
            case .storeLocked: 2
            case .local: 3
            }
        }
    }

    public let kind: Kind
    public let message: String

    public static func < (lhs: Failure, rhs: Failure) -> Bool {
        lhs.kind < rhs.kind
    }

    public var description: String { message }
}
