import Glibc

/// One client's connection on its event loop: the requests it sends (read by `RequestReader`), and the answers not
/// yet written. Requests are read and answered one at a time, in the
/// order they came (pipelining), on the loop's thread; a request that cannot be read is refused with a
/// JSON error, and the connection closes after it. A request with a body is shown to the responder at the end of
/// its head, which may refuse it before any of the body is read. Each request is held to the loop's deadlines
/// (`expired`).
final class Connection {
    /// Plain values only, so that looking at the phase, as every step does, copies no reference: what a phase is
    /// about is kept beside it (`head`, `awaited`).
    enum Phase {
        /// Waiting for (the rest of) a request head.
        case head
        /// Reading the body of `head`, begun at `started`.
        case body(started: ContinuousClock.Instant)
        /// The answer to `head` comes later (`awaited`), asked for at `since`: nothing more is read meanwhile.
        case waiting(since: ContinuousClock.Instant)
        /// An answer that closes the connection is queued: nothing more is read as requests. `lingering`:
        /// once it is written, what the client still sends is drained first (`Phase.lingering`).
        case closing(lingering: Bool)
        /// The closing answer is written and the sending side shut; what the client still sends is read
        /// and dropped until it stops, `Connection.lingerBytes` pass or the deadline does, so that a
        /// client still sending its body reads the answer instead of a reset (as nginx's lingering close).
        case lingering(until: ContinuousClock.Instant, discarded: Int)
    }

    /// What the loop does with the connection after an event.
    enum Verdict: Equatable {
        /// Keep it, waiting for input (`readable`) or for room to write (`writable`).
        case await(readable: Bool)
        /// Keep it, waiting for nothing but the later answer it is owed (`deliver`).
        case pause
        case close
    }

    static let lingerBytes = 8 << 20
    static let lingerTime = Duration.seconds(5)
    /// Answers queued past this many bytes stop the reading of further pipelined requests until the
    /// client takes them.
    private static let outputHighWater = 1 << 20

    let descriptor: Int32
    /// Tells this connection from a later one its loop accepts on the same descriptor number.
    let serial: UInt64
    /// Where the client is, for the access log.
    let peer: PeerAddress
    private var reader: RequestReader
    private var phase = Phase.head
    /// The head of the request whose body is read or whose answer is awaited: set whenever `phase` is `.body` or
    /// `.waiting` (set with it, cleared when the answer is sent).
    private var head: RequestHead?
    /// The later answer to `head`: set whenever `phase` is `.waiting`.
    private var awaited: DeferredResponse?
    private var output = OutputQueue()
    /// When bytes last came in or went out: a connection silent past its timeout closes.
    private(set) var lastActivity = ContinuousClock.now
    /// When the request being read started (its first bytes came): its head's deadline, and its time in the access log.
    private var requestStarted = ContinuousClock.now

    init(descriptor: Int32, serial: UInt64, peer: PeerAddress, limits: RequestLimits) {
        self.descriptor = descriptor
        self.serial = serial
        self.peer = peer
        reader = RequestReader(limits: limits)
    }

    /// Whether nothing of a request has arrived and nothing is left to write: a keep-alive connection
    /// between requests, which a stopping server may close at once.
    var isIdle: Bool {
        isBetweenRequests && output.isEmpty
    }

    /// Whether nothing of the next request has arrived (answers may still be on their way out).
    private var isBetweenRequests: Bool {
        guard case .head = phase else { return false }
        return reader.isBetweenRequests
    }

    /// Reads what the client sent, answers the requests it completes, and writes the answers.
    func readable(on loop: EventLoop) -> Verdict {
        if case let .lingering(until, discarded) = phase { return linger(until: until, discarded: discarded, on: loop) }
        let startsRequest = isBetweenRequests
        switch reader.receive(by: { loop.read(from: descriptor, into: &$0) }) {
        case .bytes:
            lastActivity = loop.now
            if startsRequest { requestStarted = lastActivity }
            return proceed(on: loop)
        case .wouldBlock:
            return .await(readable: true)
        case .closed:
            return .close
        }
    }

    /// The socket has room again: writes the rest, then reads on.
    func writable(on loop: EventLoop) -> Verdict {
        proceed(on: loop)
    }

    /// Answers what the buffered bytes complete while the client takes the answers, then writes.
    private func proceed(on loop: EventLoop) -> Verdict {
        var heldBack: Bool
        repeat {
            heldBack = answerBufferedRequests(on: loop)
            switch output.write(to: descriptor) {
            case .failed:
                return .close
            case .wouldBlock:
                return .await(readable: false)
            case .written:
                lastActivity = loop.now
            }
            if case .waiting = phase { return .pause }
            // Requests read already and held back by the high water are answered now that the queue is written:
            // no more bytes may come to wake the connection for them.
        } while heldBack
        guard case let .closing(lingering) = phase else { return .await(readable: true) }
        guard lingering else { return .close }
        shutdown(descriptor, Int32(SHUT_WR))
        phase = .lingering(until: loop.now + Self.lingerTime, discarded: 0)
        return .await(readable: true)
    }

    /// Answers the requests the buffered bytes complete until the queue of answers reaches the high water:
    /// true when it stopped there.
    private func answerBufferedRequests(on loop: EventLoop) -> Bool {
        while output.byteCount < Self.outputHighWater {
            guard advance(on: loop) else { return false }
        }
        return true
    }

    /// One step of reading a request; false when it needs more bytes or nothing more is to be read.
    private func advance(on loop: EventLoop) -> Bool {
        switch phase {
        case .head, .body:
            switch reader.next() {
            case .needsMore:
                return false
            case let .bodyFollows(head):
                return startBody(of: head, on: loop)
            case let .request(head, body):
                answer(head, body: body, on: loop)
                return true
            case let .rejected(error):
                refuse(error, lingering: true, on: loop)
                return false
            }
        case .waiting, .closing, .lingering:
            return false
        }
    }

    /// Starts reading the body of `head`, unless the responder refuses the request from its head alone: then the
    /// refusal is sent before any of the body is read or `100 Continue` is, and the connection closes once what the
    /// client still sends is drained. False when refused.
    private func startBody(of head: RequestHead, on loop: EventLoop) -> Bool {
        if let refusal = loop.responder.refusal(ofHead: HTTPRequest(head: head, body: [], arrival: requestStarted)) {
            finish(head, with: refusal, refusedBeforeItsBody: true, on: loop)
            return false
        }
        if head.expectsContinue { output.append(ResponseHead.continueBytes) }
        self.head = head
        phase = .body(started: loop.now)
        return true
    }

    /// Answers the request whose head and body are in, now or once its answer comes.
    private func answer(_ head: RequestHead, body: [UInt8], on loop: EventLoop) {
        let request = HTTPRequest(head: head, body: body, arrival: requestStarted)
        switch loop.responder.answer(request) {
        case let .now(response):
            finish(head, with: response, on: loop)
        case let .later(deferred):
            self.head = head
            awaited = deferred
            phase = .waiting(since: loop.now)
            let (descriptor, serial) = (descriptor, serial)
            deferred.whenDone { response in loop.deliver(response, toConnection: descriptor, serial: serial) }
        }
    }

    /// The answer a request waited for has come (on the loop's thread): sends it, then reads on.
    func deliver(_ response: HTTPResponse, on loop: EventLoop) -> Verdict {
        guard case .waiting = phase, let head else { return .close }
        awaited = nil
        // The wait was this side's: the client's silence is counted from now.
        lastActivity = loop.now
        finish(head, with: response, on: loop)
        return proceed(on: loop)
    }

    /// Sends the answer to `head`, and reads the next request unless this closes.
    /// - Parameter refusedBeforeItsBody: the answer refuses the request from its head alone: the connection closes
    ///   whatever the request asked, once what the client still sends of its body is drained.
    private func finish(_ head: RequestHead, with response: HTTPResponse, refusedBeforeItsBody: Bool = false, on loop: EventLoop) {
        let closing = refusedBeforeItsBody || !head.keepAlive || loop.isStopping
        send(response, version: head.version, closing: closing, withBody: head.method != .head, on: loop)
        loop.accessLog?.record(client: peer, method: head.method.name, path: head.path, status: response.status,
                               bodyBytes: head.method == .head ? 0 : response.body.count, duration: ContinuousClock.now - requestStarted)
        self.head = nil
        phase = closing ? .closing(lingering: refusedBeforeItsBody) : .head
        // A pipelined request is waiting already; any other starts when its first bytes come.
        requestStarted = loop.now
    }

    /// Answers a request that cannot be read with its error, then closes.
    /// - Parameter lingering: whether the client may still be sending (a body, more pipelined requests).
    func refuse(_ error: HTTPError, lingering: Bool, on loop: EventLoop) {
        let response = loop.responder.respond(toRefused: error)
        send(response, version: .http11, closing: true, withBody: true, on: loop)
        // The request's method and path once its head was read (a body refused), else none.
        loop.accessLog?.record(client: peer, method: head?.method.name ?? "-", path: head?.path ?? "-", status: response.status,
                               bodyBytes: response.body.count, duration: ContinuousClock.now - requestStarted)
        phase = .closing(lingering: lingering)
        head = nil
        reader.discard()
    }

    private func send(_ response: HTTPResponse, version: RequestHead.Version, closing: Bool, withBody: Bool, on loop: EventLoop) {
        let date = loop.date.bytes
        let length = withBody || response.knowsLength ? response.body.count : nil
        output.appendOwn { bytes in
            ResponseHead.append(status: response.status, headers: response.headers, contentLength: length,
                                version: version, closing: closing, date: date, to: &bytes)
            // A body of the answer's own goes right after its head, in the connection's buffer.
            if withBody, case let .owned(body) = response.body { bytes += body }
        }
        if withBody, case let .kept(kept) = response.body { output.append(kept) }
    }

    /// Drops what the client still sends after a closing answer, until it stops or the bounds pass.
    private func linger(until deadline: ContinuousClock.Instant, discarded: Int, on loop: EventLoop) -> Verdict {
        switch reader.receive(by: { loop.read(from: descriptor, into: &$0) }) {
        case .bytes:
            let total = discarded + reader.unreadByteCount
            reader.discard()
            guard total < Self.lingerBytes, loop.now < deadline else { return .close }
            phase = .lingering(until: deadline, discarded: total)
            return .await(readable: true)
        case .wouldBlock:
            return .await(readable: true)
        case .closed:
            return .close
        }
    }

    /// What the connection does at the loop's look once a second, at `now`: nil to keep it as it is. A request is held to
    /// the loop's deadlines (its head from its first byte, its body by its rate, a later answer from the end of the
    /// request), and a connection silent past the timeout is closed, answered 408 first in the middle of a request.
    func expired(at now: ContinuousClock.Instant, on loop: EventLoop) -> Verdict? {
        let deadlines = loop.deadlines
        switch phase {
        case let .lingering(until, _):
            return now < until ? nil : .close
        case let .waiting(since):
            return now - since < deadlines.answer ? nil : giveUpOnTheAnswer(on: loop)
        case .closing:
            return now - lastActivity < loop.timeout ? nil : .close
        case .head where isBetweenRequests || !output.isEmpty, .body where !output.isEmpty:
            // No request is under way, or the client does not take its answers (then nothing more is read from it,
            // and no deadline runs): only its silence counts.
            return now - lastActivity < loop.timeout ? nil : .close
        case .head:
            if now - requestStarted >= deadlines.head {
                return refuseLate("the request head did not arrive within \(deadlines.head.components.seconds) seconds of its first byte", on: loop)
            }
        case let .body(started):
            if now - started >= deadlines.bodyTime(received: reader.bodyBytesRead) {
                return refuseLate("the request body came too slowly: \(reader.bodyBytesRead) bytes in \((now - started).components.seconds) seconds "
                                  + "(a body may take \(deadlines.body.components.seconds) seconds, and a second more for each "
                                  + "\(deadlines.bodyBytesPerSecond) bytes)", on: loop)
            }
        }
        guard now - lastActivity >= loop.timeout else { return nil }
        return refuseLate("nothing of the request came for \(loop.timeout.components.seconds) seconds", on: loop)
    }

    /// Answers 408 to a request that did not arrive in time (the time it took in the access log), then closes.
    private func refuseLate(_ message: String, on loop: EventLoop) -> Verdict {
        refuse(.requestTimeout(message), lingering: false, on: loop)
        return proceed(on: loop)
    }

    /// Answers 503 to a request whose later answer has not come within its deadline, unless it came meanwhile (then it
    /// is on its way, and kept): what comes later is dropped, and the connection reads on.
    private func giveUpOnTheAnswer(on loop: EventLoop) -> Verdict? {
        guard let awaited, awaited.abandon(), let head else { return nil }
        self.awaited = nil
        // As after an answer that came: the client's silence is counted from now.
        lastActivity = loop.now
        finish(head, with: loop.responder.respond(toRefused: .responseTimeout(after: loop.deadlines.answer)), on: loop)
        return proceed(on: loop)
    }
}
