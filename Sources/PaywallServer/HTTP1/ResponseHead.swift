/// The status line and header fields of an answer, as sent: the handler's fields, then those the
/// server owns (`Content-Length`, `Date`, `Connection`).
enum ResponseHead {
    /// - Parameters:
    ///   - contentLength: the body's length, also for a HEAD request, which gets no body.
    ///   - closing: whether the connection closes after this answer (`Connection: close`); an HTTP/1.0
    ///     client that stays is told `Connection: keep-alive`.
    static func bytes(status: Int, headers: [(name: String, value: String)], contentLength: Int, version: RequestHead.Version,
                      closing: Bool, date: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        bytes += statusLine(status)
        for header in headers where isSafe(header.name) && isSafe(header.value) {
            bytes += header.name.utf8
            bytes += ": ".utf8
            bytes += header.value.utf8
            bytes += "\r\n".utf8
        }
        // RFC 9110 §8.6: a 304 says no length unless the 200's, which it does not know; a 204 has none.
        if status != 304, status != 204 {
            // In parts: the number alone is a small string, made without allocating.
            bytes += "Content-Length: ".utf8
            bytes += String(contentLength).utf8
            bytes += "\r\n".utf8
        }
        bytes += "Date: ".utf8
        bytes += date
        if closing {
            bytes += "\r\nConnection: close".utf8
        } else if version == .http10 {
            bytes += "\r\nConnection: keep-alive".utf8
        }
        bytes += "\r\n\r\n".utf8
        return bytes
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

    /// A field with a line break or NUL in it would forge another: left out rather than sent broken.
    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

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
