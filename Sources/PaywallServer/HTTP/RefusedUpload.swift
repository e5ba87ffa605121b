import Basics
import Glibc

/// The 413 for a chunked body that grows past the limit while it streams. libmicrohttpd 0.9.75 takes
/// a queued answer only before the body or after all of it (MHD_queue_response refuses in between), and
/// reading an endless body to its end is no option; so the answer is written on the socket here, the
/// sending side shut, and the connection closed by libmicrohttpd.
struct RefusedUpload {
    let response: HTTPResponse

    init(limit: Int) {
        response = APIError.contentTooLarge(limit: limit).response
    }

    /// Writes the 413 with `Connection: close` on `socket`, then shuts its sending side.
    func send(on socket: Int32) {
        var bytes = Array("HTTP/1.1 \(response.status) Content Too Large\r\n".utf8)
        for header in response.headers + [("Content-Length", String(response.body.count)), ("Connection", "close")] {
            bytes.append(contentsOf: "\(header.name): \(header.value)\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: response.body.bytes)
        guard socket >= 0 else { return }
        // Nothing else is being written on the connection while its body streams in, and a few hundred
        // bytes fit its empty send buffer at once; whatever does not is dropped with the connection.
        bytes.withUnsafeBytes { buffer in
            try? writeAll(buffer) { remaining, _ in Glibc.send(socket, remaining.baseAddress, remaining.count, Int32(MSG_NOSIGNAL)) }
        }
        Glibc.shutdown(socket, Int32(SHUT_WR))
    }
}
