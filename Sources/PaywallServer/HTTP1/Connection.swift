import Glibc

/// One client's connection on its event loop: the bytes it sent that are not yet a request, the request
/// being read, and the answers not yet written. Requests are read and answered one at a time, in the
/// order they came (pipelining), on the loop's thread; a request that cannot be read is refused with a
/// JSON error, and the connection closes after it.
final class Connection {
    /// Plain values only, so that looking at the phase, as every step does, copies no reference: what a phase is
    /// about is kept beside it (`head`, `chunkedBody`).
    enum Phase {
        /// Waiting for (the rest of) a request head, which `headParser` reads.
        case head
        /// Reading the body of `head`: so many bytes more, or chunks that `chunkedBody` decodes.
        case body(remaining: Int?)
        /// The answer to `head` comes later (a `DeferredResponse`): nothing more is read meanwhile.
        case waiting
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
    private var input: [UInt8] = []
    /// Bytes at the start of `input` already taken.
    private var consumed = 0
    private var phase = Phase.head
    /// The reader of the request head being read, held apart from `phase` so that it is read in place
    /// rather than copied out of the phase and back for every request.
    private var headParser: RequestHeadParser
    /// The head of the request whose body is read or whose answer is awaited: set whenever `phase` is `.body` or
    /// `.waiting` (set with it, cleared when the answer is sent).
    private var head: RequestHead?
    /// The decoder of a chunked body being read: set whenever `phase` is `.body(remaining: nil)`.
    private var chunkedBody: ChunkedBodyDecoder?
    private var body: [UInt8] = []
    private var output = OutputQueue()
    /// When bytes last came in or went out: a connection silent past its timeout closes.
    private(set) var lastActivity = ContinuousClock.now
    /// When the request being read started, for the access log.
    private var requestStarted = ContinuousClock.now

    init(descriptor: Int32, serial: UInt64, limits: RequestLimits) {
        self.descriptor = descriptor
        self.serial = serial
        headParser = RequestHeadParser(limits: limits)
    }

    /// Whether nothing of a request has arrived and nothing is left to write: a keep-alive connection
    /// between requests, which a stopping server may close at once.
    var isIdle: Bool {
        guard case .head = phase else { return false }
        return consumed == input.count && output.isEmpty
    }

    /// Reads what the client sent, answers the requests it completes, and writes the answers.
    func readable(on loop: EventLoop) -> Verdict {
        if case let .lingering(until, discarded) = phase { return linger(until: until, discarded: discarded, on: loop) }
        let startsRequest = isIdle
        switch loop.read(from: descriptor, into: &input) {
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
            compactInput()
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
        case .head:
            let outcome = input.withUnsafeBytes { headParser.parse(UnsafeRawBufferPointer(rebasing: $0[consumed...])) }
            switch consume outcome {
            case .incomplete:
                return false
            case let .rejected(error):
                refuse(error, lingering: true, on: loop)
                return false
            case let .head(head, length):
                consumed += length
                switch head.framing {
                case .none:
                    answer(head, on: loop)
                case let .length(count):
                    if head.expectsContinue { output.append(ResponseHead.continueBytes) }
                    self.head = head
                    phase = .body(remaining: count)
                case .chunked:
                    if head.expectsContinue { output.append(ResponseHead.continueBytes) }
                    self.head = head
                    chunkedBody = ChunkedBodyDecoder(limit: loop.limits.bodyBytes, trailerLimit: loop.limits.headerBytes)
                    phase = .body(remaining: nil)
                }
                return true
            }
        case let .body(remaining?):
            let taken = min(remaining, input.count - consumed)
            body.append(contentsOf: input[consumed..<(consumed + taken)])
            consumed += taken
            guard taken == remaining else {
                phase = .body(remaining: remaining - taken)
                return false
            }
            answer(head!, on: loop)
            return true
        case .body(remaining: nil):
            let (used, progress) = input.withUnsafeBytes { chunkedBody!.decode(UnsafeRawBufferPointer(rebasing: $0[consumed...]), into: &body) }
            consumed += used
            switch progress {
            case .needsMore:
                return false
            case .done:
                chunkedBody = nil
                answer(head!, on: loop)
                return true
            case let .rejected(error):
                refuse(error, lingering: true, on: loop)
                return false
            }
        case .waiting, .closing, .lingering:
            return false
        }
    }

    /// Answers the request whose head and body are in, now or once its answer comes.
    private func answer(_ head: RequestHead, on loop: EventLoop) {
        let request = HTTPRequest(method: head.method, target: head.target, fields: head.fields, body: body, httpVersion: head.version.text,
                                  arrival: requestStarted, targetIsASCII: true)
        body = []
        switch loop.responder.answer(request) {
        case let .now(response):
            finish(head, with: response, on: loop)
        case let .later(deferred):
            self.head = head
            phase = .waiting
            let (descriptor, serial) = (descriptor, serial)
            deferred.whenDone { response in loop.deliver(response, toConnection: descriptor, serial: serial) }
        }
    }

    /// The answer a request waited for has come (on the loop's thread): sends it, then reads on.
    func deliver(_ response: HTTPResponse, on loop: EventLoop) -> Verdict {
        guard case .waiting = phase, let head else { return .close }
        // The wait was this side's: the client's silence is counted from now.
        lastActivity = loop.now
        finish(head, with: response, on: loop)
        return proceed(on: loop)
    }

    /// Sends the answer to `head`, and reads the next request unless this closes.
    private func finish(_ head: RequestHead, with response: HTTPResponse, on loop: EventLoop) {
        let closing = !head.keepAlive || loop.isStopping
        send(response, version: head.version, closing: closing, withBody: head.method != "HEAD", on: loop)
        loop.accessLog?.record(method: head.method, path: String(head.path), status: response.status,
                               bodyBytes: head.method == "HEAD" ? 0 : response.body.count, duration: ContinuousClock.now - requestStarted)
        self.head = nil
        if closing {
            phase = .closing(lingering: false)
        } else {
            phase = .head
            headParser = RequestHeadParser(limits: loop.limits)
        }
        // A pipelined request is waiting already; any other starts when its first bytes come.
        requestStarted = loop.now
    }

    /// Answers a request that cannot be read with its error, then closes.
    /// - Parameter lingering: whether the client may still be sending (a body, more pipelined requests).
    func refuse(_ error: APIError, lingering: Bool, on loop: EventLoop) {
        let response = loop.responder.respond(toRefused: error)
        send(response, version: .http11, closing: true, withBody: true, on: loop)
        loop.accessLog?.record(method: "-", path: "-", status: response.status, bodyBytes: response.body.count, duration: ContinuousClock.now - requestStarted)
        phase = .closing(lingering: lingering)
        head = nil
        chunkedBody = nil
        body = []
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
        input.removeAll(keepingCapacity: true)
        consumed = 0
        switch loop.read(from: descriptor, into: &input) {
        case .bytes:
            let total = discarded + input.count
            input.removeAll(keepingCapacity: true)
            guard total < Self.lingerBytes, loop.now < deadline else { return .close }
            phase = .lingering(until: deadline, discarded: total)
            return .await(readable: true)
        case .wouldBlock:
            return .await(readable: true)
        case .closed:
            return .close
        }
    }

    /// What the connection does when it has been silent for `timeout`: nil to keep it.
    func expired(at now: ContinuousClock.Instant, timeout: Duration, on loop: EventLoop) -> Verdict? {
        if case let .lingering(until, _) = phase { return now < until ? nil : .close }
        // The client is waiting for this side: its answer comes when it is ready.
        if case .waiting = phase { return nil }
        guard now - lastActivity >= timeout else { return nil }
        if isIdle || !output.isEmpty { return .close }
        guard case .closing = phase else {
            // Part of a request came, and not the rest in time: logged with the time it waited.
            refuse(.requestTimeout(after: timeout), lingering: false, on: loop)
            return proceed(on: loop)
        }
        return .close
    }

    /// Lets go of the bytes taken, so that the buffer holds only what is still to be read.
    private func compactInput() {
        if consumed == input.count {
            input.removeAll(keepingCapacity: true)
            consumed = 0
        } else if consumed >= 1 << 16 {
            input.removeFirst(consumed)
            consumed = 0
        }
    }
}
