/// One request on its way through the daemon, from its request line to the end of its answer: the
/// context libmicrohttpd keeps for it. Only the connection's thread touches it.
final class Exchange {
    /// The request target as sent.
    let target: String
    let started = ContinuousClock.now
    /// Set when the head has been read (the handler's first call).
    private(set) var head: (method: String, version: String, headers: [(name: String, value: String)])?
    private(set) var body: [UInt8] = []
    /// What was answered, for the access log; nil while there is no answer.
    private(set) var answer: (status: Int, bodyBytes: Int)?

    init(target: String) {
        self.target = target
    }

    func readHead(method: String, version: String, headers: [(name: String, value: String)]) {
        head = (method, version, headers)
    }

    func appendBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    func answered(status: Int, bodyBytes: Int) {
        answer = (status, bodyBytes)
    }

    /// The whole request, once its body is in.
    var request: HTTPRequest? {
        head.map { HTTPRequest(method: $0.method, target: target, headers: $0.headers, body: body, httpVersion: $0.version) }
    }
}
