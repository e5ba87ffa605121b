import PaywallStore

/// The source that answers for a placement (docs/contracts.md `source`): of `candidates`, the current snapshots
/// in answer order (or the one of the source asked for), the first that has the placement.
func firstSource<Source: ResolutionSource>(with placementID: String, among candidates: [Source]) throws -> (Source, StoredPlacement) {
    try firstSource(with: placementID, among: candidates) { try $0.placement(placementID) }
}

/// As `firstSource(with:among:)`, for a source's own form of placements, which `find` looks up.
func firstSource<Source: ResolutionSource, Placement>(with placementID: String, among candidates: [Source],
                                                      find: (Source) throws -> Placement?) throws -> (Source, Placement) {
    guard !candidates.isEmpty else { throw ResolutionError.noSnapshot }
    for candidate in candidates {
        if let placement = try find(candidate) { return (candidate, placement) }
    }
    var knownIDs: [String] = []
    var seen: Set<String> = []
    for candidate in candidates {
        knownIDs += try candidate.placementIDs().filter { seen.insert($0).inserted }
    }
    throw ResolutionError.unknownPlacement(placementID, knownIDs: knownIDs)
}
