import Glibc
import Synchronization

/// The service's HTTP/1.1 server (RFC 9112), its own: one event loop per thread over one listening
/// socket, keep-alive and pipelining, a strict reading of
/// every request (`RequestHeadParser`, `ChunkedBodyDecoder`) whose every refusal is a JSON answer of the
/// service's, and answers written with `sendmsg` from where they lie. A request is read whole (body
/// included, within `limits`), then answered by the responder on its connection's thread.
public final class HTTPServer: Sendable {
    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let accessLog: AccessLog?
    private let running = Mutex<(listener: ListeningSocket, loops: [(loop: EventLoop, thread: pthread_t)])?>(nil)

    public init(configuration: Configuration, accessLog: AccessLog? = nil, responder: any HTTPResponder) {
        self.configuration = configuration
        self.accessLog = accessLog
        self.responder = responder
    }

    /// Listens and starts serving; returns the address bound (with the port picked when 0 was asked).
    public func start() throws(HTTPServerError) -> ListenAddress {
        guard running.withLock({ $0 == nil }) else { throw HTTPServerError(message: "the server is already running") }
        let threads = max(1, configuration.threads)
        // Connections over the limit wait in this backlog rather than being refused.
        let listener = try ListeningSocket(configuration.address, backlog: SOMAXCONN)
        // Each loop holds its share of the connections.
        let share = (configuration.maximumConnections + threads - 1) / threads
        var loops: [EventLoop] = []
        do {
            for _ in 0..<threads {
                loops.append(try EventLoop(listener: listener, responder: responder, accessLog: accessLog, configuration: configuration,
                                           maximumConnections: share))
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
    /// The answer to `request`, now or later (`DeferredResponse`): what the server asks.
    func answer(_ request: HTTPRequest) -> HTTPAnswer
    /// The answer to a request the server could not read (malformed, too large, too slow): `error`'s,
    /// sent before the connection closes.
    func respond(toRefused error: APIError) -> HTTPResponse
}
