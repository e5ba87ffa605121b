import PaywallModel
import PaywallStore
import Suggestions

/// Why no bundle could be resolved.
public enum ResolutionError: Error, Sendable, CustomStringConvertible {
    case noSnapshot
    /// The placement is not in the snapshot, which holds `knownIDs`.
    case unknownPlacement(String, knownIDs: [String])
    /// No audience matched and the placement has no default audience to fall to.
    case noAudience(String)
    /// The audience lists no variation: the export has nothing to show at the placement.
    case noVariation(String, audience: String)
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
        case let .noVariation(id, audience):
            return "placement '\(id)' has no variation for audience '\(audience)': the export lists nothing to show there"
        case let .inconsistent(detail):
            return "the snapshot is inconsistent: \(detail)"
        case let .store(error):
            return error.description
        }
    }
}

extension ResolutionError {
    /// For an unknown placement, the known ids nearest to the one asked for (at most three, nearest
    /// first): what the CLI's error and the service's 404 suggest.
    public var closest: [String] {
        guard case let .unknownPlacement(id, knownIDs) = self else { return [] }
        return closestCandidates(to: id, among: knownIDs, limit: 3)
    }

    /// A variation shows content its snapshot does not hold.
    static func notHeld(_ variation: Variation, _ kind: PlacementKind) -> ResolutionError {
        .inconsistent("variation \(variation.variationID) shows \(kind.rawValue) '\(variation.contentKey)', which it does not hold")
    }

    /// Runs `body`, passing resolution errors on and wrapping the store's.
    static func catching<Value>(_ body: () throws -> Value) throws(ResolutionError) -> Value {
        do {
            return try body()
        } catch {
            throw ResolutionError(error)
        }
    }

    /// `error` as a resolution error: a store's, else one that should not happen.
    init(_ error: any Error) {
        switch error {
        case let error as ResolutionError: self = error
        case let error as StoreError: self = .store(error)
        default: self = .inconsistent("\(error)")
        }
    }
}
