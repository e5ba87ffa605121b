import Glibc
import HTTPServer
import PaywallModel
import PaywallSync

/// One line per answered request: when, the client's address, method, path, status, body bytes and duration. Only
/// the path is written, never the query (it may carry tokens) nor any header (never `Authorization`). The address is
/// the connection's peer: behind a proxy, the proxy's.
public final class AccessLog: AccessLogging {
    private let lines: LineLog

    /// A log on an open descriptor (stderr, say), left open.
    public init(fileDescriptor: Int32, format: LogFormat) {
        lines = LineLog(fileDescriptor: fileDescriptor, format: format, prefix: .time(milliseconds: true))
    }

    /// A log appended to the file at `path`, created with mode 0640 when missing.
    public init(path: String, format: LogFormat) throws(HTTPServerError) {
        guard let opened = LineLog(path: path, format: format, prefix: .time(milliseconds: true)) else {
            throw HTTPServerError(message: "cannot open the access log \(path): \(String(cString: strerror(errno)))")
        }
        lines = opened
    }

    /// `2026-11-29T23:52:06.123Z 127.0.0.1 GET /healthz 200 15 0.400ms`, or `{"time": …, "client": …, "method": …,
    /// "path": …, "status": …, "bytes": …, "durationMs": …}`.
    public func record(client: PeerAddress, method: String, path: String, status: Int, bodyBytes: Int, duration: Duration) {
        let milliseconds = Self.rounded(Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
        let address = client.description
        lines.write(JSONObject(["client": .string(address), "method": .string(method), "path": .string(path), "status": .integer(status),
                                "bytes": .integer(bodyBytes), "durationMs": .number(milliseconds)]),
                    human: "\(address) \(Self.printable(method)) \(Self.printable(path)) \(status) \(bodyBytes) \(milliseconds)ms")
    }

    /// Milliseconds to three decimals: `0.412`.
    private static func rounded(_ milliseconds: Double) -> String {
        let thousandths = Int((milliseconds * 1_000).rounded())
        let fraction = String(thousandths % 1_000)
        return "\(thousandths / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Spaces and control characters as %XX, so that a path cannot break the line or forge another.
    private static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return text }
        let digits = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        for byte in text.utf8 {
            if byte <= 0x20 || byte == 0x7F {
                escaped.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
