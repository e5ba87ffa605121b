import PaywallModel

/// A placement with the segments its audiences reference, so that choosing an audience needs one read.
public struct StoredPlacement: Sendable, Equatable {
    public let placement: Placement
    /// In export order, each once.
    public let segments: [Segment]

    public init(placement: Placement, segments: [Segment]) {
        self.placement = placement
        self.segments = segments
    }

    /// The same placement with each of its segments replaced by an equal one of `shared` (by id), and those
    /// not there yet added to it. The store keeps a placement's segments with it, so a snapshot read whole
    /// would otherwise hold a copy of a segment for every placement that uses it: hundreds of thousands in
    /// a large catalogue.
    func sharingSegments(with shared: inout [String: Segment]) -> StoredPlacement {
        StoredPlacement(placement: placement, segments: segments.map { segment in
            if let known = shared[segment.id], known == segment { return known }
            shared[segment.id] = segment
            return segment
        })
    }
}
