import PaywallModel

extension Route {
    /// `GET /v1/placements`: every placement served, with its source and snapshot, in answer order.
    static func placements(_ holder: SnapshotHolder) -> Route {
        Route("/v1/placements", methods: ["GET", "HEAD"], caching: .revalidated) { _, _ in
            guard let served = holder.served else { return APIError.noSnapshotLoaded.response }
            let entries = served.compiled.snapshots.flatMap { compiled in
                compiled.placementIDs().map { id in
                    JSONValue.object(JSONObject(["id": .string(id), "source": .string(compiled.snapshot.source),
                                                 "snapshot": .string(compiled.snapshot.key)]))
                }
            }
            return .json(.object(JSONObject(["placements": .array(entries)])))
        }
    }
}
