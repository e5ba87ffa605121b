import PaywallResolver
import PaywallStore

// The service's answers to what the resolver and the store can say (docs/contracts.md): never a 500.
extension APIError {
    static let noSnapshotLoaded = APIError.noSnapshot("no snapshot loaded yet: the store has none (run `paywalls import FILE` or `paywalls sync`)")

    init(_ error: ResolutionError) {
        switch error {
        case .noSnapshot:
            self = .noSnapshotLoaded
        case let .unknownPlacement(id, _):
            self.init(status: 404, code: "unknown_placement", message: "no placement '\(id)'", closest: error.closest)
        case .noAudience, .noVariation:
            self.init(status: 404, code: "not_found", message: error.description)
        case .inconsistent:
            self.init(status: 503, code: "store_unavailable", message: error.description)
        case let .store(storeError):
            self.init(storeError: storeError)
        }
    }

    /// A store that cannot answer now (locked, damaged, newer, a source without a snapshot).
    init(storeError: StoreError) {
        if case .missing = storeError.kind {
            self.init(status: 404, code: "not_found", message: storeError.message)
        } else {
            self.init(status: 503, code: "store_unavailable", message: storeError.message)
        }
    }

    /// - Parameter name: how the request spelled the field (`app_version`, `locales`).
    init(_ problem: RequestProblem, name: String) {
        self = .badRequest("invalid value '\(problem.value.prefix(64))' for \(name): expected \(problem.expected)")
    }
}
