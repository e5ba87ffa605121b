import Basics
import Glibc
import PaywallModel
import PaywallServer
import PaywallSync
import Synchronization

/// What `serve` says on stderr about itself (the access log aside): a human line, or one JSON object
/// per line with `--log-format json`.
final class ServeLog: Sendable {
    private let fileDescriptor: Int32
    private let format: AccessLog.Format
    /// Written from the main thread and the reloader's: one line at a time.
    private let writing = Mutex(())

    init(fileDescriptor: Int32, format: AccessLog.Format) {
        self.fileDescriptor = fileDescriptor
        self.format = format
    }

    func event(_ name: String, _ fields: KeyValuePairs<String, JSONValue>, human: String) {
        let line: String
        switch format {
        case .human:
            line = "\(Timestamp.now()) \(human)"
        case .json:
            var object = JSONObject(["time": .string(Timestamp.now()), "event": .string(name)])
            for (key, value) in fields { object.append(key, value) }
            line = JSONValue.object(object).rendered()
        }
        let bytes = Array((line + "\n").utf8)
        // A log that cannot be written is dropped: serving goes on.
        writing.withLock { _ in try? writeAll(bytes, to: fileDescriptor) }
    }
}
