import Glibc
import Synchronization

/// An HTTP/1.1 server (RFC 9112): one event loop per thread over one listening
/// socket, keep-alive and pipelining, a strict reading of
/// every request (`RequestHeadParser`, `ChunkedBodyDecoder`) whose every refusal is an `HTTPError` its responder
/// answers, and answers written with `sendmsg` from where they lie. A request is read whole (body
/// included, within `limits` and `deadlines`), then answered by the responder on its connection's thread; one
/// with a body is shown to the responder at the end of its head first, which may refuse it before its body is read.
public final class HTTPServer: Sendable {
    /// Where the server tells what befalls many connections at once (refused past the limit, not accepted for want of
    /// descriptors): an event's name, and a line for people.
    public typealias Log = @Sendable (_ event: String, _ message: String) -> Void

    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let accessLog: (any AccessLogging)?
    private let counters: ConnectionCounters
    private let notices: EventLoop.Notices
    private let running = Mutex<(listener: ListeningSocket, loops: [(loop: EventLoop, thread: pthread_t)])?>(nil)

    /// - Parameters:
    ///   - counters: where the connections are counted, for `/metrics`.
    ///   - log: lines about connections, at most one of each kind per ten seconds.
    public init(configuration: Configuration, accessLog: (any AccessLogging)? = nil, counters: ConnectionCounters = ConnectionCounters(),
                log: @escaping Log = { _, _ in }, responder: any HTTPResponder) {
        self.configuration = configuration
        self.accessLog = accessLog
        self.counters = counters
        notices = EventLoop.Notices(refusedConnections: RateLimitedNotice(event: "connections-refused", log: log),
                                    failedAccepts: RateLimitedNotice(event: "accept-failed", log: log))
        self.responder = responder
    }

    /// Listens and starts serving; returns the address bound (with the port picked when 0 was asked).
    public func start() throws(HTTPServerError) -> ListenAddress {
        guard running.withLock({ $0 == nil }) else { throw HTTPServerError(message: "the server is already running") }
        let threads = max(1, configuration.threads)
        // Connections wait here only until a loop takes them: past the limit, to be answered 503.
        let listener = try ListeningSocket(configuration.address, backlog: SOMAXCONN)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<threads {
                loops.append(try EventLoop(listener: listener, responder: responder, accessLog: accessLog, configuration: configuration,
                                           counters: counters, notices: notices))
            }
        } catch {
            loops = []
            Glibc.close(listener.descriptor)
            throw error
        }
        let started = loops.map { loop in (loop: loop, thread: Self.thread(running: loop.run)) }
        running.withLock { $0 = (listener, started) }
        return ListenAddress(host: configuration.address.host, port: listener.port)
    }

    /// Stops accepting connections, lets the requests in flight finish for up to `grace` (each answer
    /// then closes its connection; idle connections close at once), then closes every connection and
    /// stops the threads. Does nothing when the server is not running.
    public func shutdown(grace: Duration = .seconds(10)) {
        guard let (listener, loops) = running.withLock({ running in
            defer { running = nil }
            return running
        }) else { return }
        let deadline = ContinuousClock.now + grace
        for (loop, _) in loops { loop.stop(by: deadline) }
        // Closed once no loop watches it, so that new connections are refused rather than left waiting,
        // and no loop can touch its number after the system gives it to something else.
        while !loops.allSatisfy({ $0.loop.hasLetGoOfListener.load(ordering: .acquiring) }) { usleep(1_000) }
        Glibc.close(listener.descriptor)
        for (_, thread) in loops { pthread_join(thread, nil) }
    }

    /// A thread running `body`.
    private static func thread(running body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        precondition(created == 0, "cannot start a server thread: \(String(cString: strerror(created)))")
        return thread
    }
}

/// What answers the requests a server reads, and those it refuses while reading them.
public protocol HTTPResponder: Sendable {
    /// A refusal of a request that comes with a body, from its head alone (`request.body` is empty): asked once its
    /// head has arrived, before any of the body is read or `100 Continue` is sent. Nil lets the body be read, and
    /// `answer` decide; a refusal is sent, and the connection closes after it.
    func refusal(ofHead request: HTTPRequest) -> HTTPResponse?
    /// The answer to `request`, now or later (`DeferredResponse`): what the server asks.
    func answer(_ request: HTTPRequest) -> HTTPAnswer
    /// The answer to a request the server could not read (malformed, too large, too slow), whose answer did not come
    /// in time, or of a client past the connection limit: `error`'s, which says why.
    func respond(toRefused error: HTTPError) -> HTTPResponse
}
