import Synchronization

/// The snapshots being served, swapped atomically by the reloader: a request takes the current value
/// once and answers wholly from it, whatever a reload does meanwhile.
public final class SnapshotHolder: Sendable {
    private let current = Mutex<ServedSnapshots?>(nil)

    public init() {}

    /// Nil until a snapshot has been loaded (an empty or missing store).
    public var served: ServedSnapshots? {
        current.withLock { $0 }
    }

    func replace(with served: ServedSnapshots) {
        current.withLock { $0 = served }
    }
}
