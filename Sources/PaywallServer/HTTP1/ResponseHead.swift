/// The status line and header fields of an answer, as sent: the handler's fields, then those the
/// server owns (`Content-Length`, `Date`, `Connection`).
enum ResponseHead {
    /// - Parameters:
    ///   - contentLength: the body's length, also for a HEAD request, which gets no body.
    ///   - closing: whether the connection closes after this answer (`Connection: close`); an HTTP/1.0
    ///     client that stays is told `Connection: keep-alive`.
    ///   - bytes: where the head is appended (a connection's buffer for what it sends).
    static func append(status: Int, headers: [(name: String, value: String)], contentLength: Int, version: RequestHead.Version,
                       closing: Bool, date: [UInt8], to bytes: inout [UInt8]) {
        // Appended from buffers, each a copy of its bytes: every answer's head is made here.
        bytes += statusLine(status)
        for header in headers { appendField(header.name, header.value, to: &bytes) }
        // RFC 9110 §8.6: a 304 says no length unless the 200's, which it does not know; a 204 has none.
        if status != 304, status != 204 { appendField("Content-Length", String(contentLength), to: &bytes) }
        bytes += Field.date
        bytes += date
        if closing {
            bytes += Field.connectionClose
        } else if version == .http10 {
            bytes += Field.connectionKeepAlive
        }
        bytes += Field.headEnd
    }

    /// The server's own fields around the `Date` value, which ends the head's fields.
    private enum Field {
        static let date = Array("Date: ".utf8)
        static let connectionClose = Array("\r\nConnection: close".utf8)
        static let connectionKeepAlive = Array("\r\nConnection: keep-alive".utf8)
        static let headEnd = Array("\r\n\r\n".utf8)
    }

    /// `name: value` and a line end; a field with a line break or NUL in it would forge another: left out
    /// rather than sent broken.
    private static func appendField(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        var name = name, value = value
        name.withUTF8 { name in
            value.withUTF8 { value in
                guard isSafe(name), isSafe(value) else { return }
                bytes.append(contentsOf: name)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: value)
                bytes.append(UInt8(ascii: "\r"))
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    private static func isSafe(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    /// `HTTP/1.1 200 OK\r\n`, kept made for the statuses most answers have.
    private static func statusLine(_ status: Int) -> [UInt8] {
        commonStatusLines[status] ?? madeStatusLine(status)
    }

    private static let commonStatusLines = Dictionary(uniqueKeysWithValues: [200, 304, 400, 404].map { ($0, madeStatusLine($0)) })

    private static func madeStatusLine(_ status: Int) -> [UInt8] {
        Array("HTTP/1.1 \(status) \(reason(for: status))\r\n".utf8)
    }

    /// The interim answer to `Expect: 100-continue`.
    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// RFC 9110 §15's reason phrases for the statuses the service sends.
    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 417: "Expectation Failed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
