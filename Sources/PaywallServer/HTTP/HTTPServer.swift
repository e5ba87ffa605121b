import Basics
import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: its internal thread pool, each thread an epoll loop, with a
/// connection limit, an idle timeout and a memory limit per connection. A request is read whole (its body
/// by this server, never by libmicrohttpd's POST processor, CVE-2023-27371), checked against `limits`,
/// then given to the handler on the connection's thread.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public let configuration: Configuration
    let handler: Handler
    let accessLog: AccessLog?
    /// Requests whose line has arrived and whose answer has not yet gone (or whose connection has not closed).
    let requestsInFlight = Atomic<Int>(0)
    private let runningDaemon = Mutex<RunningDaemon?>(nil)

    public init(configuration: Configuration, accessLog: AccessLog? = nil, handler: @escaping Handler) {
        self.configuration = configuration
        self.accessLog = accessLog
        self.handler = handler
    }

    /// Listens and starts serving; returns the address bound (with the port picked when 0 was asked).
    /// The server stays alive while it runs, until `shutdown`.
    public func start() throws(HTTPServerError) -> ListenAddress {
        guard runningDaemon.withLock({ $0 == nil }) else { throw HTTPServerError(message: "the server is already running") }
        if let problem = cmhd_load() {
            throw HTTPServerError(message: "cannot load libmicrohttpd: \(String(cString: problem))")
        }
        let address = configuration.address
        var boundPort: UInt16 = 0
        // Connections over the limit wait in this backlog rather than being refused.
        let listenSocket = cmhd_listen(address.host, address.port, SOMAXCONN, &boundPort)
        guard listenSocket >= 0 else {
            throw HTTPServerError(message: "cannot listen on \(address): \(String(cString: strerror(-listenSocket)))")
        }
        let retained = Unmanaged.passRetained(self)
        var settings = cmhd_daemon_settings(
            listen_fd: listenSocket, threads: UInt32(configuration.threads), connection_limit: UInt32(configuration.maximumConnections),
            connection_timeout_seconds: UInt32(configuration.connectionTimeoutSeconds),
            connection_memory_limit: configuration.connectionMemoryLimit, server: retained.toOpaque(),
            started: DaemonCallbacks.start, handle: DaemonCallbacks.handle, completed: DaemonCallbacks.complete)
        // ITC wakes the threads to take new connections again as soon as one closes at the limit, and is
        // what quiescing needs.
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue)
        guard let started = cmhd_start_daemon(flags, &settings) else {
            close(listenSocket)
            retained.release()
            throw HTTPServerError(message: "libmicrohttpd did not start serving on \(address)")
        }
        runningDaemon.withLock { $0 = RunningDaemon(pointer: started) }
        return ListenAddress(host: address.host, port: boundPort)
    }

    /// Stops accepting connections, lets the requests in flight finish for up to `grace`, then closes every
    /// connection and stops the threads. Does nothing when the server is not running.
    public func shutdown(grace: Duration = .seconds(10)) {
        let taken = runningDaemon.withLock { running -> RunningDaemon? in
            defer { running = nil }
            return running
        }
        guard let running = taken?.pointer else { return }
        let listenSocket = cmhd_quiesce_daemon(running)
        if listenSocket >= 0 { close(listenSocket) }
        let deadline = ContinuousClock.now + grace
        while requestsInFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            usleep(10_000)
        }
        cmhd_stop_daemon(running)
        Unmanaged.passUnretained(self).release()
    }

    /// Reads the request's head, then its body, then answers it (see `DaemonCallbacks.handle`). Returns
    /// false when the connection must close at once.
    func serve(_ exchange: Exchange, on connection: OpaquePointer, method: String, version: String,
               upload: UnsafeRawBufferPointer?) -> Bool {
        guard let head = exchange.head else {
            let headers = DaemonCallbacks.headers(of: connection)
            exchange.readHead(method: method, version: version, headers: headers)
            if let violation = configuration.limits.violation(method: method, target: exchange.target, version: version, headers: headers) {
                // Queued before the body is read: libmicrohttpd discards the body and closes after the answer.
                return answer(violation.response, to: exchange, on: connection)
            }
            return true
        }
        if let upload, !upload.isEmpty {
            guard exchange.body.count + upload.count <= configuration.limits.bodyBytes else {
                let refusal = RefusedUpload(limit: configuration.limits.bodyBytes)
                refusal.send(on: cmhd_connection_fd(connection))
                exchange.answered(status: refusal.response.status, bodyBytes: refusal.response.body.count)
                return false
            }
            exchange.appendBody(upload)
            return true
        }
        guard let request = exchange.request else { return false }
        return answer(handler(request), to: exchange, on: connection, isHead: head.method == "HEAD")
    }

    private func answer(_ response: HTTPResponse, to exchange: Exchange, on connection: OpaquePointer, isHead: Bool = false) -> Bool {
        guard let created = Self.created(response.body) else { return false }
        defer { cmhd_destroy_response(created) }
        for header in response.headers {
            // libmicrohttpd refuses a header with a line break in it: better without it than a broken answer.
            _ = cmhd_add_response_header(created, header.name, header.value)
        }
        exchange.answered(status: response.status, bodyBytes: isHead ? 0 : response.body.count)
        return cmhd_queue_response(connection, UInt32(response.status), created) == .YES
    }

    /// A libmicrohttpd response of `body`: owned bytes copied by the daemon, kept bytes joined once into
    /// the buffer it sends and frees. Joined, not handed over in segments: libmicrohttpd writes a
    /// segmented body in a second system call after the head, in a packet of its own, which costs a
    /// request more than copying its bytes (bench-serve: some 40% more CPU time per request).
    private static func created(_ body: HTTPBody) -> OpaquePointer? {
        switch body {
        case let .owned(bytes):
            return bytes.withUnsafeBytes { cmhd_create_response($0.count, $0.baseAddress) }
        case let .kept(kept):
            guard let buffer = malloc(max(kept.byteCount, 1)) else { return nil }
            kept.copyBytes(to: buffer)
            guard let created = cmhd_create_response_taking(kept.byteCount, buffer) else {
                free(buffer)
                return nil
            }
            return created
        }
    }

    /// The request is over: answered and sent, or its connection closed.
    func finish(_ exchange: Exchange) {
        requestsInFlight.subtract(1, ordering: .releasing)
        guard let answer = exchange.answer, let accessLog else { return }
        accessLog.record(method: exchange.head?.method ?? "-", path: HTTPRequest.split(exchange.target).path,
                         status: answer.status, bodyBytes: answer.bodyBytes, duration: ContinuousClock.now - exchange.started)
    }
}

/// The daemon's handle; libmicrohttpd's functions on it are safe from any thread.
private struct RunningDaemon: @unchecked Sendable {
    let pointer: OpaquePointer
}

