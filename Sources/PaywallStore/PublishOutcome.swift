/// What `PaywallStore.publish` did: stored a new current snapshot, or found the same content
/// already current for that source and wrote nothing.
public enum PublishOutcome: Sendable, Equatable {
    case published(SnapshotInfo)
    case unchanged(SnapshotInfo)
}
