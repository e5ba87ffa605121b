import Synchronization

/// What the server counts of its connections, beside the requests its responder counts: how many it holds, how many
/// it turned away past its limit, and how many times it could not accept one (out of descriptors, say). Shared by its
/// event loops, and read by `/metrics`.
public final class ConnectionCounters: Sendable {
    private let open = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)
    private let failedAccepts = Atomic<Int>(0)

    public init() {}

    public var openConnections: Int { open.load(ordering: .relaxed) }
    /// Clients answered 503 at once because the server held its maximum of connections.
    public var refusedConnections: Int { refused.load(ordering: .relaxed) }
    /// Accepts the system refused (EMFILE, ENFILE, ENOBUFS, ENOMEM): the connection stayed in the listen backlog.
    public var acceptFailures: Int { failedAccepts.load(ordering: .relaxed) }

    /// Counts one more connection held, unless `limit` are held already (then false, and nothing is counted).
    func admit(upTo limit: Int) -> Bool {
        var held = open.load(ordering: .relaxed)
        while held < limit {
            let (exchanged, found) = open.compareExchange(expected: held, desired: held + 1, ordering: .relaxed)
            if exchanged { return true }
            held = found
        }
        return false
    }

    /// A connection `admit` counted has closed.
    func release() {
        open.subtract(1, ordering: .relaxed)
    }

    func countRefusal() {
        refused.add(1, ordering: .relaxed)
    }

    func countAcceptFailure() {
        failedAccepts.add(1, ordering: .relaxed)
    }
}
