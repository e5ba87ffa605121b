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
}
