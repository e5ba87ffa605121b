import PaywallStore

/// The source that answers `request` (docs/contracts.md `source`) and its placement, as `find` looks it
/// up in a source's own form: of `current`, the current snapshots in answer order, the one of the
/// source the request names, else the first that has the placement. Every front door asks it.
func answeringSource<Source: ResolutionSource, Placement>(for request: ResolutionRequest, among current: [Source],
                                                          find: (Source) throws -> Placement?) throws -> (Source, Placement) {
    var candidates = current
    if let source = request.source {
        guard let named = current.first(where: { $0.snapshot.source == source }) else {
            throw PaywallStore.noSnapshot(of: source, current: current.map(\.snapshot))
        }
        candidates = [named]
    }
    guard !candidates.isEmpty else { throw ResolutionError.noSnapshot }
    for candidate in candidates {
        if let placement = try find(candidate) { return (candidate, placement) }
    }
    // Several sources may hold an id: each is known once. One source's ids are, without hashing them all.
    var seen: Set<String> = []
    let knownIDs = candidates.count == 1 ? try candidates[0].placementIDs()
        : try candidates.flatMap { try $0.placementIDs() }.filter { seen.insert($0).inserted }
    throw ResolutionError.unknownPlacement(request.placementID, knownIDs: knownIDs)
}
