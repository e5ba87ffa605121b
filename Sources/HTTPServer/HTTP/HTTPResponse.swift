/// What a handler answers. The server adds `Content-Length`, `Date` and `Connection`; a HEAD request
/// gets the headers without the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: HTTPBody
    /// False for a HEAD answer made without computing its content: no `Content-Length` is sent, since a wrong
    /// one may not be (RFC 9110 §8.6). A GET's answer always says its length.
    public var knowsLength = true

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: .owned(body))
    }

    public init(status: Int, headers: [(name: String, value: String)], body: HTTPBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
