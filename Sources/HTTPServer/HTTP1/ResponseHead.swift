/// The status line and header fields of an answer, as sent: the handler's fields, then those the
/// server owns (`Content-Length`, `Date`, `Connection`).
enum ResponseHead {
    /// - Parameters:
    ///   - contentLength: the body's length, also for a HEAD request, which gets no body; nil for a HEAD answer
    ///     whose length is not known.
    ///   - closing: whether the connection closes after this answer (`Connection: close`); an HTTP/1.0
    ///     client that stays is told `Connection: keep-alive`.
    ///   - bytes: where the head is appended (a connection's buffer for what it sends).
    static func append(status: Int, headers: [(name: String, value: String)], contentLength: Int?, version: RequestHead.Version,
                       closing: Bool, date: [UInt8], to bytes: inout [UInt8]) {
        // Every answer's head is made here: written once into a buffer on the stack, then appended in one copy.
        let statusLine = statusLine(status)
        // RFC 9110 §8.6: a 304 says no length unless the 200's, which it does not know; a 204 has none.
        let sentLength = status != 304 && status != 204 ? contentLength : nil
        let connection: StaticString? = closing ? "\r\nConnection: close" : version == .http10 ? "\r\nConnection: keep-alive" : nil
        var room = statusLine.utf8.count + "Content-Length: \r\n".utf8.count + 20 + "Date: ".utf8.count + date.count
            + (connection?.utf8CodeUnitCount ?? 0) + "\r\n\r\n".utf8.count
        for header in headers { room += header.name.utf8.count + header.value.utf8.count + 4 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var head = Writer(buffer)
            head.write(statusLine)
            for header in headers { head.writeField(header.name, header.value) }
            if let sentLength {
                head.write("Content-Length: " as StaticString)
                head.write(decimal: sentLength)
                head.write("\r\n" as StaticString)
            }
            head.write("Date: " as StaticString)
            date.withUnsafeBufferPointer { head.write(UnsafeRawBufferPointer($0)) }
            if let connection { head.write(connection) }
            head.write("\r\n\r\n" as StaticString)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<head.end]))
        }
    }

    /// Writes into a buffer with room for all that is written.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var end = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func write(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            UnsafeMutableRawPointer(buffer.baseAddress! + end).copyMemory(from: source, byteCount: bytes.count)
            end += bytes.count
        }

        mutating func write(_ text: StaticString) {
            write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func write(_ text: String) {
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
            guard copied == nil else { return }
            for byte in text.utf8 {
                buffer[end] = byte
                end += 1
            }
        }

        mutating func write(decimal value: Int) {
            var digits = 1, rest = value
            while rest >= 10 {
                digits += 1
                rest /= 10
            }
            rest = value
            for index in stride(from: end + digits - 1, through: end, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            end += digits
        }

        /// `name: value` and a line end; a field with a line break or NUL in it would forge another: taken back
        /// rather than sent broken.
        mutating func writeField(_ name: String, _ value: String) {
            let start = end
            write(name)
            write(": " as StaticString)
            write(value)
            guard !Self.mayForge(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start..<end]))) else {
                end = start
                return
            }
            write("\r\n" as StaticString)
        }

        /// Whether `field` holds a CR, an LF or a NUL. Eight bytes at a time first, for any byte below 0x0E (a tab
        /// too, which a value may hold): every field of every answer is scanned, and almost none has one.
        private static func mayForge(_ field: UnsafeRawBufferPointer) -> Bool {
            var index = 0
            while index + 8 <= field.count, !field.loadUnaligned(fromByteOffset: index, as: UInt64.self).hasByteBelow0x0E { index += 8 }
            return field[index...].contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
        }
    }

    /// `HTTP/1.1 200 OK\r\n`: static for the statuses most answers have.
    private static func statusLine(_ status: Int) -> String {
        switch status {
        case 200: "HTTP/1.1 200 OK\r\n"
        case 304: "HTTP/1.1 304 Not Modified\r\n"
        default: "HTTP/1.1 \(status) \(reason(for: status))\r\n"
        }
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
