import CLinuxEvents
import Glibc
import Synchronization

/// One thread of the server: an epoll set over the server's listening socket (shared by the loops) and
/// the connections it accepted, each served to the end on this thread. Level-triggered: a connection is
/// watched for input, or, while the client does not take its answers, for room to write instead, or, while
/// it waits for a later answer, for nothing (its hang-up or error still shows). Past the server's connection
/// limit (counted across its loops), a client is answered 503 as soon as it is accepted, and let go.
final class EventLoop: @unchecked Sendable {
    /// What a connection is watched for.
    enum Interest {
        case input, output, nothing

        var events: UInt32 {
            switch self {
            case .input: EPOLLIN.rawValue
            case .output: EPOLLOUT.rawValue
            case .nothing: 0
            }
        }
    }

    enum ReadResult {
        case bytes
        case wouldBlock
        /// The client closed its side, or the connection failed.
        case closed
    }

    /// How many connections a loop accepts on one wake before it serves those it holds again.
    private static let acceptsPerWake = 64

    let responder: any HTTPResponder
    let accessLog: (any AccessLogging)?
    let limits: RequestLimits
    let deadlines: RequestDeadlines
    /// A connection silent this long is closed (answered 408 first in the middle of a request).
    let timeout: Duration
    /// What the `Date` field says, formatted once a second.
    private(set) var date = DateField()
    /// When the loop last woke: the time its connections read, once per wake rather than once per request.
    private(set) var now = ContinuousClock.now
    /// Set once the server stops: no connection is accepted, and each answer closes its connection.
    private(set) var isStopping = false

    private let listener: ListeningSocket
    /// Connections held at once by all the server's loops, as `counters` counts them.
    private let maximumConnections: Int
    private let counters: ConnectionCounters
    private let notices: Notices
    private let epoll: Int32
    /// Written by `stop` from another thread, to wake the loop.
    private let wakeup: Int32
    /// Written by `deliver` from another thread when a later answer is in `inbox`.
    private let inboxSignal: Int32
    private let inbox = Mutex<[(descriptor: Int32, serial: UInt64, response: HTTPResponse)]>([])
    /// The serial number of the next connection accepted.
    private var nextSerial: UInt64 = 0
    private let stopDeadline = Mutex<ContinuousClock.Instant?>(nil)
    /// Set once the loop no longer watches the listening socket, which the server may then close.
    let hasLetGoOfListener = Atomic<Bool>(false)
    private var connections = ConnectionTable()
    private var isAccepting = false
    /// Where reads land before they join a connection's input.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    /// Where the answer to a client past the connection limit is put together, again for each.
    private var refusal: [UInt8] = []

    /// The server's lines about what happens to many connections at once, shared by its loops.
    struct Notices: Sendable {
        let refusedConnections: RateLimitedNotice
        let failedAccepts: RateLimitedNotice
    }

    init(listener: ListeningSocket, responder: any HTTPResponder, accessLog: (any AccessLogging)?, configuration: HTTPServer.Configuration,
         counters: ConnectionCounters, notices: Notices) throws(HTTPServerError) {
        self.listener = listener
        self.responder = responder
        self.accessLog = accessLog
        limits = configuration.limits
        deadlines = configuration.deadlines
        timeout = .seconds(configuration.connectionTimeoutSeconds)
        maximumConnections = configuration.maximumConnections
        self.counters = counters
        self.notices = notices
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        inboxSignal = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        // On a throw, deinit runs (every property is set) and closes whichever of them opened.
        guard epoll >= 0, wakeup >= 0, inboxSignal >= 0 else {
            throw HTTPServerError(message: "cannot set up an event loop: \(String(cString: strerror(errno)))")
        }
        watch(wakeup, events: EPOLLIN.rawValue, operation: EPOLL_CTL_ADD)
        watch(inboxSignal, events: EPOLLIN.rawValue, operation: EPOLL_CTL_ADD)
        setAccepting(true)
    }

    deinit {
        if wakeup >= 0 { close(wakeup) }
        if inboxSignal >= 0 { close(inboxSignal) }
        if epoll >= 0 { close(epoll) }
        scratch.deallocate()
    }

    /// Serves until stopped: then until its connections are done or the deadline passes.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var lastSweep = ContinuousClock.now
        while true {
            // A second at most: timeouts are looked at once a second.
            let count = epoll_wait(epoll, &events, Int32(events.count), 1000)
            if count < 0, errno != EINTR { break }
            now = .now
            date.refresh()
            for index in 0..<max(0, Int(count)) {
                handle(Int32(truncatingIfNeeded: events[index].data.u64))
            }
            if now - lastSweep >= .seconds(1) {
                lastSweep = now
                sweep(at: now)
            }
            if isStopping {
                for (descriptor, connection) in connections.all where connection.isIdle { apply(.close, to: descriptor) }
                if connections.isEmpty || now >= stopDeadline.withLock({ $0 }) ?? now { break }
            }
        }
        for (descriptor, _) in connections.all { apply(.close, to: descriptor) }
        setAccepting(false)
        hasLetGoOfListener.store(true, ordering: .releasing)
    }

    /// Asks the loop, from any thread, to stop accepting and finish within `deadline`.
    func stop(by deadline: ContinuousClock.Instant) {
        stopDeadline.withLock { $0 = deadline }
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
    }

    /// Hands a later answer to the connection `descriptor` (if it is still the one of `serial`), from any thread.
    func deliver(_ response: HTTPResponse, toConnection descriptor: Int32, serial: UInt64) {
        inbox.withLock { $0.append((descriptor, serial, response)) }
        var one: UInt64 = 1
        _ = write(inboxSignal, &one, 8)
    }

    /// An event on `descriptor`: what it is ready for follows from how it is watched (a hang-up or an
    /// error shows as a read or a write that fails, or, on a connection watched for nothing, as the event itself).
    private func handle(_ descriptor: Int32) {
        if descriptor == listener.descriptor {
            acceptConnections()
        } else if descriptor == wakeup {
            var count: UInt64 = 0
            _ = Glibc.read(wakeup, &count, 8)
            isStopping = true
            setAccepting(false)
            hasLetGoOfListener.store(true, ordering: .releasing)
        } else if descriptor == inboxSignal {
            var count: UInt64 = 0
            _ = Glibc.read(inboxSignal, &count, 8)
            let delivered = inbox.withLock { inbox in
                let taken = inbox
                inbox.removeAll()
                return taken
            }
            for answer in delivered {
                // A connection closed meanwhile (the client hung up) may have left its number to a newer one.
                guard let connection = connections[answer.descriptor], connection.serial == answer.serial else { continue }
                apply(connection.deliver(answer.response, on: self), to: answer.descriptor)
            }
        } else if let connection = connections[descriptor] {
            switch connections.interest(of: descriptor) {
            case .input: apply(connection.readable(on: self), to: descriptor)
            case .output: apply(connection.writable(on: self), to: descriptor)
            case .nothing, nil: apply(.close, to: descriptor)
            }
        }
    }

    /// Takes the connections waiting, a bounded number per wake (the listening socket stays readable while more wait).
    private func acceptConnections() {
        for _ in 0..<Self.acceptsPerWake {
            switch listener.accept() {
            case let .connection(descriptor, peer):
                guard counters.admit(upTo: maximumConnections) else {
                    refuseOverLimit(descriptor)
                    continue
                }
                var on: Int32 = 1
                // Answers go out as they are written, not held back for more (Nagle).
                _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                connections.insert(Connection(descriptor: descriptor, serial: nextSerial, peer: peer, limits: limits), at: descriptor,
                                   watchedFor: .input)
                nextSerial += 1
                watch(descriptor, events: EPOLLIN.rawValue, operation: EPOLL_CTL_ADD)
            case .none:
                return
            case let .failed(code):
                // Out of descriptors, say: the backlog stays readable, so it is left alone until the next
                // sweep or a close rather than polled in a loop.
                setAccepting(false)
                counters.countAcceptFailure()
                notices.failedAccepts.note(at: now, "cannot accept a connection (\(Self.name(ofError: code)): \(String(cString: strerror(code)))): "
                                           + "it waits in the listen backlog until a connection closes")
                return
            }
        }
    }

    /// Answers a client past the connection limit with the service's 503 and lets it go at once: one send, one read of
    /// what it sent already (so that the close does not reset the connection under the answer), and the close. Nothing
    /// of it is kept, and its descriptor is given back before the next is accepted.
    private func refuseOverLimit(_ descriptor: Int32) {
        counters.countRefusal()
        notices.refusedConnections.note(at: now, "a client was answered 503 and let go: the server holds its maximum of "
                                        + "\(maximumConnections) connections (--max-connections)")
        let response = responder.respond(toRefused: .tooManyConnections)
        refusal.removeAll(keepingCapacity: true)
        ResponseHead.append(status: response.status, headers: response.headers, contentLength: response.body.count, version: .http11,
                            closing: true, date: date.bytes, to: &refusal)
        refusal += response.body.bytes
        _ = refusal.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        _ = recv(descriptor, scratch.baseAddress, scratch.count, 0)
        close(descriptor)
    }

    /// The symbol of an error `accept4` gives when the process cannot take a connection (`EMFILE`): what an operator
    /// looks up.
    private static func name(ofError code: Int32) -> String {
        switch code {
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case ENOMEM: "ENOMEM"
        default: "errno \(code)"
        }
    }

    private func apply(_ verdict: Connection.Verdict, to descriptor: Int32) {
        switch verdict {
        case let .await(readable):
            watch(descriptor, for: readable ? .input : .output)
        case .pause:
            watch(descriptor, for: .nothing)
        case .close:
            guard connections.remove(descriptor) else { return }
            epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
            close(descriptor)
            counters.release()
            // A descriptor is free again: accepting resumes if a failure to accept had stopped it.
            if !isStopping { setAccepting(true) }
        }
    }

    /// Holds each connection to its deadlines and timeout (`Connection.expired`); accepts again after a failure.
    private func sweep(at now: ContinuousClock.Instant) {
        for (descriptor, connection) in connections.all {
            if let verdict = connection.expired(at: now, on: self) { apply(verdict, to: descriptor) }
        }
        if !isStopping { setAccepting(true) }
    }

    private func setAccepting(_ accepting: Bool) {
        guard accepting != isAccepting else { return }
        isAccepting = accepting
        if accepting {
            watch(listener.descriptor, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue, operation: EPOLL_CTL_ADD)
        } else {
            epoll_ctl(epoll, EPOLL_CTL_DEL, listener.descriptor, nil)
        }
    }

    private func watch(_ descriptor: Int32, for wanted: Interest) {
        guard connections.setInterest(wanted, of: descriptor) else { return }
        watch(descriptor, events: wanted.events, operation: EPOLL_CTL_MOD)
    }

    private func watch(_ descriptor: Int32, events: UInt32, operation: Int32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(UInt32(bitPattern: descriptor))
        epoll_ctl(epoll, operation, descriptor, &event)
    }

    /// Reads what `descriptor` has (up to 64 kB) onto the end of `input`.
    func read(from descriptor: Int32, into input: inout [UInt8]) -> ReadResult {
        while true {
            // recv rather than read: a socket's own call, past the file layer's.
            let count = recv(descriptor, scratch.baseAddress, scratch.count, 0)
            if count > 0 {
                input.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
                return .bytes
            }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
        }
    }
}
