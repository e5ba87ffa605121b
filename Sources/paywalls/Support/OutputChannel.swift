import Basics
import Glibc
import PaywallModel

/// Buffered writes to a file descriptor (stdout or stderr), flushed in large blocks. Text is for people and is
/// written terminal-safe (`TerminalText`); JSON and bytes are for machines and are written as they are.
final class OutputChannel {
    let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let blockSize = 1 << 16
    /// The first write error, reported once at exit as an I/O failure.
    private(set) var failure: String?

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(blockSize)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: TerminalText.safe(text).utf8)
        if buffer.count >= blockSize { flush() }
    }

    /// The program's own terminal control (a progress line's return to its start, its clearing), written as it is.
    func writeControl(_ sequence: String) {
        buffer.append(contentsOf: sequence.utf8)
    }

    func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= blockSize { flush() }
    }

    func writeLine(_ text: String) {
        write(text)
        write(bytes: CollectionOfOne(UInt8(ascii: "\n")))
    }

    /// `value` as JSON (pretty unless asked for one line) and a newline: what a command prints for machines.
    /// Rendered straight into the buffer, with no `String` in between (a bundle is tens of kilobytes).
    func writeJSON(_ value: JSONValue, pretty: Bool = true) {
        value.render(into: &buffer, pretty: pretty)
        write(bytes: CollectionOfOne(UInt8(ascii: "\n")))
    }

    func flush() {
        if failure == nil {
            do { try writeAll(buffer, to: fileDescriptor) } catch { failure = error.description }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
