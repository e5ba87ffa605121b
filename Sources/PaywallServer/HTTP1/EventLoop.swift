import CLinuxEvents
import Glibc
import Synchronization

/// One thread of the server: an epoll set over the server's listening socket (shared by the loops) and
/// the connections it accepted, each served to the end on this thread. Level-triggered: a connection is
/// watched for input, or, while the client does not take its answers, for room to write instead.
final class EventLoop: @unchecked Sendable {
    enum ReadResult {
        case bytes
        case wouldBlock
        /// The client closed its side, or the connection failed.
        case closed
    }

    let responder: any HTTPResponder
    let accessLog: AccessLog?
    let limits: RequestLimits
    /// What the `Date` field says, formatted once a second.
    var date = DateField()
    /// Set once the server stops: no connection is accepted, and each answer closes its connection.
    private(set) var isStopping = false

    private let listener: ListeningSocket
    private let timeout: Duration
    private let maximumConnections: Int
    private let epoll: Int32
    /// Written by `stop` from another thread, to wake the loop.
    private let wakeup: Int32
    private let stopDeadline = Mutex<ContinuousClock.Instant?>(nil)
    /// Set once the loop no longer watches the listening socket, which the server may then close.
    let hasLetGoOfListener = Atomic<Bool>(false)
    private var connections: [Int32: Connection] = [:]
    /// Whether each connection is watched for input (else for room to write).
    private var watchingInput: [Int32: Bool] = [:]
    private var isAccepting = false
    /// Where reads land before they join a connection's input.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    init(listener: ListeningSocket, responder: any HTTPResponder, accessLog: AccessLog?, configuration: HTTPServer.Configuration,
         maximumConnections: Int) throws(HTTPServerError) {
        self.listener = listener
        self.responder = responder
        self.accessLog = accessLog
        limits = configuration.limits
        timeout = .seconds(configuration.connectionTimeoutSeconds)
        self.maximumConnections = maximumConnections
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        // On a throw, deinit runs (every property is set) and closes whichever of the two opened.
        guard epoll >= 0, wakeup >= 0 else { throw HTTPServerError(message: "cannot set up an event loop: \(String(cString: strerror(errno)))") }
        watch(wakeup, events: EPOLLIN.rawValue, operation: EPOLL_CTL_ADD)
        setAccepting(true)
    }

    deinit {
        if wakeup >= 0 { close(wakeup) }
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
            for index in 0..<max(0, Int(count)) {
                handle(Int32(truncatingIfNeeded: events[index].data.u64))
            }
            let now = ContinuousClock.now
            if now - lastSweep >= .seconds(1) {
                lastSweep = now
                sweep(at: now)
            }
            if isStopping {
                for (descriptor, connection) in connections where connection.isIdle { apply(.close, to: descriptor) }
                if connections.isEmpty || now >= stopDeadline.withLock({ $0 }) ?? now { break }
            }
        }
        for descriptor in Array(connections.keys) { apply(.close, to: descriptor) }
        setAccepting(false)
        hasLetGoOfListener.store(true, ordering: .releasing)
    }

    /// Asks the loop, from any thread, to stop accepting and finish within `deadline`.
    func stop(by deadline: ContinuousClock.Instant) {
        stopDeadline.withLock { $0 = deadline }
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
    }

    /// An event on `descriptor`: what it is ready for follows from how it is watched (a hang-up or an
    /// error shows as a read or a write that fails).
    private func handle(_ descriptor: Int32) {
        if descriptor == listener.descriptor {
            acceptConnections()
        } else if descriptor == wakeup {
            var count: UInt64 = 0
            _ = Glibc.read(wakeup, &count, 8)
            isStopping = true
            setAccepting(false)
            hasLetGoOfListener.store(true, ordering: .releasing)
        } else if let connection = connections[descriptor] {
            let verdict = watchingInput[descriptor] == true ? connection.readable(on: self) : connection.writable(on: self)
            apply(verdict, to: descriptor)
        }
    }

    private func acceptConnections() {
        while connections.count < maximumConnections {
            switch listener.accept() {
            case let .connection(descriptor):
                var on: Int32 = 1
                // Answers go out as they are written, not held back for more (Nagle).
                _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                connections[descriptor] = Connection(descriptor: descriptor, limits: limits)
                watchingInput[descriptor] = true
                watch(descriptor, events: EPOLLIN.rawValue, operation: EPOLL_CTL_ADD)
            case .none:
                return
            case .failed:
                // Out of descriptors, say: the backlog stays readable, so it is left alone until the next
                // sweep or a close rather than polled in a loop.
                setAccepting(false)
                return
            }
        }
        // At the limit, further connections wait in the backlog until one of these closes.
        setAccepting(false)
    }

    private func apply(_ verdict: Connection.Verdict, to descriptor: Int32) {
        switch verdict {
        case let .await(readable):
            guard watchingInput[descriptor] != readable else { return }
            watchingInput[descriptor] = readable
            watch(descriptor, events: readable ? EPOLLIN.rawValue : EPOLLOUT.rawValue, operation: EPOLL_CTL_MOD)
        case .close:
            guard connections.removeValue(forKey: descriptor) != nil else { return }
            watchingInput[descriptor] = nil
            epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
            close(descriptor)
            if !isStopping, connections.count < maximumConnections { setAccepting(true) }
        }
    }

    /// Closes, or answers 408 on, the connections silent past the timeout; accepts again after a failure.
    private func sweep(at now: ContinuousClock.Instant) {
        for (descriptor, connection) in connections {
            if let verdict = connection.expired(at: now, timeout: timeout, on: self) { apply(verdict, to: descriptor) }
        }
        if !isStopping, connections.count < maximumConnections { setAccepting(true) }
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

    private func watch(_ descriptor: Int32, events: UInt32, operation: Int32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(UInt32(bitPattern: descriptor))
        epoll_ctl(epoll, operation, descriptor, &event)
    }

    /// Reads what `descriptor` has (up to 64 kB) onto the end of `input`.
    func read(from descriptor: Int32, into input: inout [UInt8]) -> ReadResult {
        while true {
            let count = Glibc.read(descriptor, scratch.baseAddress, scratch.count)
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
