/// The requests in one connection's bytes, read as the bytes arrive, without the socket: each head by
/// `RequestHeadParser`, then its body by its Content-Length or by `ChunkedBodyDecoder`, one request after another
/// (pipelining). How the bytes were cut as they arrived makes no difference to what is read. A head with a body is
/// handed out before the body is read (`Step.bodyFollows`), so that its request can be refused from its head alone.
/// After a rejection, or once the caller stops, nothing more is to be read as requests.
struct RequestReader {
    enum Step {
        /// More bytes are needed.
        case needsMore
        /// A head whose body is read next: `next()` goes on with it, unless the request is refused from its head.
        case bodyFollows(RequestHead)
        /// A request read whole; the next step starts reading the next one.
        case request(RequestHead, body: [UInt8])
        /// Bytes that are no request, and the answer that says why. Boxed, a rare case: every step stays the size of a
        /// head and a body rather than of an error's five fields.
        indirect case rejected(HTTPError)
    }

    private let limits: RequestLimits
    private var input: [UInt8] = []
    /// Bytes at the start of `input` already taken.
    private var consumed = 0
    /// The reader of the head being read, used in place rather than copied in and out of a state for every request.
    private var headParser: RequestHeadParser
    /// The head whose body is being read: nil while a head is.
    private var head: RequestHead?
    /// The bytes of the body still to come when it has a Content-Length: nil while a head or chunks are read.
    private var remaining: Int?
    /// The decoder of a chunked body being read.
    private var chunkedBody: ChunkedBodyDecoder?
    /// The body read so far.
    private var body: [UInt8] = []

    init(limits: RequestLimits) {
        self.limits = limits
        headParser = RequestHeadParser(limits: limits)
    }

    /// Whether every byte received is read and no request is under way: between requests.
    var isBetweenRequests: Bool {
        head == nil && consumed == input.count
    }

    /// The bytes of the body being read that have come so far.
    var bodyBytesRead: Int {
        body.count
    }

    /// The bytes received and not yet read.
    var unreadByteCount: Int {
        input.count - consumed
    }

    /// Receives bytes by `read`, which appends what arrived to the buffer it is given.
    mutating func receive<Result>(by read: (inout [UInt8]) -> Result) -> Result {
        compact()
        return read(&input)
    }

    /// Drops every byte received and not yet read, and whatever request was under way: what a closing connection still
    /// receives is not read as requests.
    mutating func discard() {
        input.removeAll(keepingCapacity: true)
        consumed = 0
        head = nil
        remaining = nil
        chunkedBody = nil
        body = []
    }

    /// The next step of reading from the bytes received.
    mutating func next() -> Step {
        guard let head else { return nextHead() }
        if let remaining {
            let taken = min(remaining, input.count - consumed)
            body.append(contentsOf: input[consumed..<(consumed + taken)])
            consumed += taken
            guard taken == remaining else {
                self.remaining = remaining - taken
                return .needsMore
            }
        } else {
            let (used, progress) = input.withUnsafeBytes { chunkedBody!.decode(UnsafeRawBufferPointer(rebasing: $0[consumed...]), into: &body) }
            consumed += used
            switch progress {
            case .needsMore: return .needsMore
            case .done: break
            case let .rejected(error): return .rejected(error)
            }
        }
        return finished(head)
    }

    private mutating func nextHead() -> Step {
        let outcome = input.withUnsafeBytes { headParser.parse(UnsafeRawBufferPointer(rebasing: $0[consumed...])) }
        switch consume outcome {
        case .incomplete:
            return .needsMore
        case let .rejected(error):
            return .rejected(error)
        case let .head(head, length):
            consumed += length
            switch head.framing {
            case .none:
                // Nothing of a body to let go of: only the head's reader starts anew.
                headParser = RequestHeadParser(limits: limits)
                return .request(head, body: [])
            case let .length(count):
                remaining = count
            case .chunked:
                chunkedBody = ChunkedBodyDecoder(limit: limits.bodyBytes, trailerLimit: limits.headerBytes)
            }
            self.head = head
            return .bodyFollows(head)
        }
    }

    /// Hands out the request of `head` with the body read, and starts on the next.
    private mutating func finished(_ head: RequestHead) -> Step {
        let request = Step.request(head, body: body)
        self.head = nil
        remaining = nil
        chunkedBody = nil
        body = []
        headParser = RequestHeadParser(limits: limits)
        return request
    }

    /// Lets go of the bytes taken, so that the buffer holds only what is still to be read.
    private mutating func compact() {
        if consumed == input.count {
            input.removeAll(keepingCapacity: true)
            consumed = 0
        } else if consumed >= 1 << 16 {
            input.removeFirst(consumed)
            consumed = 0
        }
    }
}
