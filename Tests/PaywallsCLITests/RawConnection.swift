import Foundation

/// A client socket that writes whatever bytes a test gives it (hostile ones included) and reads the
/// answers as they come, each read bounded in time.
final class RawConnection {
    private let socket: Int32
    /// Bytes received and not yet taken as a response.
    private var buffer: [UInt8] = []
    private(set) var peerClosed = false

    init(host: String, port: UInt16) throws {
        socket = try Self.connectedSocket(host: host, port: port)
    }

    /// A socket connected to `host:port`. Kept out of `init` because a class's `deinit` runs when its
    /// `init` throws after every stored property is set: closing the socket there as well would close
    /// a descriptor number another thread may already have reused.
    private static func connectedSocket(host: String, port: UInt16) throws -> Int32 {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let socket = Foundation.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var storage = sockaddr_storage()
        let length: Int
        if family == AF_INET {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = MemoryLayout<sockaddr_in>.size
        } else {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = MemoryLayout<sockaddr_in6>.size
        }
        let connected = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(length)) }
        }
        guard connected == 0 else {
            let error = errno
            close(socket)
            throw POSIXError(.init(rawValue: error) ?? .EIO)
        }
        return socket
    }

    deinit {
        close(socket)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            offset += sent
        }
    }

    /// Closes the sending side: the server sees the end of the request stream.
    func finishSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// The next whole response, or nil when none came within `timeout` seconds or the server closed first.
    func readResponse(timeout: TimeInterval = 5, isHead: Bool = false) throws -> RawResponse? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let response = RawResponse.take(from: &buffer, isHead: isHead) { return response }
            guard !peerClosed, receive(until: deadline) else { return nil }
        }
    }

    /// Whether the server closes (or resets) the connection within `timeout` seconds; what it sends
    /// before is kept for `readResponse`.
    func closes(within timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !peerClosed {
            guard receive(until: deadline) || peerClosed else { return false }
        }
        return true
    }

    /// Everything received so far, as text.
    var receivedText: String { String(decoding: buffer, as: UTF8.self) }

    /// Receives once; false when the deadline passed first.
    private func receive(until deadline: Date) -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(remaining * 1000) + 1) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            peerClosed = true
        } else {
            buffer.append(contentsOf: chunk[..<count])
        }
        return true
    }
}

/// An HTTP/1.x response as received.
struct RawResponse {
    let statusLine: String
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body as sent (a gzipped one is no text).
    let bodyBytes: [UInt8]

    /// The body as text, decoded when asked for: megabytes of gzip take the decoder long to repair.
    var body: String { String(decoding: bodyBytes, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body's JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return object
    }

    /// `error.code` of a JSON error body.
    var errorCode: String? {
        ((try? json())?["error"] as? [String: Any])?["code"] as? String
    }

    /// `error.message` of a JSON error body.
    var errorMessage: String? {
        ((try? json())?["error"] as? [String: Any])?["message"] as? String
    }

    /// Takes one whole response (head and a Content-Length body) off the front of `buffer`.
    static func take(from buffer: inout [UInt8], isHead: Bool) -> RawResponse? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else { return nil }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = isHead ? 0 : headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        guard buffer.count >= end + 4 + length else { return nil }
        let bodyBytes = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        let parts = lines[0].split(separator: " ")
        return RawResponse(statusLine: lines[0], status: parts.count > 1 ? Int(parts[1]) ?? 0 : 0, headers: headers, bodyBytes: bodyBytes)
    }
}
