/// How long a request may take to arrive, and its answer to come (docs/contracts.md); past each, its own answer. Each
/// event loop looks at them once a second, with the time it woke at: a deadline is kept to within a second, and costs
/// no call to the system per request.
public struct RequestDeadlines: Sendable, Equatable {
    /// From a request's first byte to the end of its head (the request line and the header fields); past it, 408.
    public var head: Duration
    /// From the end of the head, the time a body may take, a second more for each `bodyBytesPerSecond` bytes of it
    /// received: a body that keeps up that rate is never cut, one that trickles is (408).
    public var body: Duration
    public var bodyBytesPerSecond: Int
    /// From the end of a request to its answer, when the answer comes later (`DeferredResponse`): past it, 503 with
    /// `Retry-After`, and the answer that comes later is dropped.
    public var answer: Duration

    public init(head: Duration = .seconds(10), body: Duration = .seconds(10), bodyBytesPerSecond: Int = 1024,
                answer: Duration = .seconds(30)) {
        self.head = head
        self.body = body
        self.bodyBytesPerSecond = bodyBytesPerSecond
        self.answer = answer
    }

    /// The time a body may have taken once `received` bytes of it have come.
    func bodyTime(received: Int) -> Duration {
        body + .seconds(received / max(1, bodyBytesPerSecond))
    }
}
