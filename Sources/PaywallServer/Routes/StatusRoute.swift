import PaywallStore

extension Route {
    /// `GET /v1/status`: the JSON of `paywalls status --json`, read from the store at each request.
    static func status(storePath: String) -> Route {
        Route("/v1/status", methods: ["GET", "HEAD"], caching: .live) { _, _ in
            do throws(StoreError) {
                let store = try PaywallStore.open(at: storePath, create: false)
                return .json(try StoreStatus(of: store, at: storePath).json)
            } catch where error.kind == .missing {
                return APIError.noSnapshotLoaded.response
            } catch {
                return APIError(storeError: error).response
            }
        }
    }
}
