import PaywallStore

/// Why no bundle could be resolved.
public enum ResolutionError: Error, Sendable, CustomStringConvertible {
    case noSnapshot
    /// The placement is not in the snapshot, which holds `knownIDs`.
    case unknownPlacement(String, knownIDs: [String])
    /// No audience matched and the placement has no default audience to fall to.
    case noAudience(String)
    /// The snapshot refers to something it does not hold: a damaged store.
    case inconsistent(String)
    case store(StoreError)

    public var description: String {
        switch self {
        case .noSnapshot:
            return PaywallStore.noSnapshotMessage
        case let .unknownPlacement(id, _):
            return "no placement '\(id)'"
        case let .noAudience(id):
            return "no audience of placement '\(id)' matches and it has no default audience"
        case let .inconsistent(detail):
            return "the snapshot is inconsistent: \(detail)"
        case let .store(error):
            return error.description
        }
    }
}
