import Basics
import Glibc
import PaywallModel
import Synchronization

/// How a log writes its lines (`--log-format`): text for people, or one JSON object per line for log
/// shippers and cron mail.
public enum LogFormat: String, Sendable, CaseIterable {
    case human, json
}

/// The one way the project writes log lines (the sync's, serve's own and the access log): each whole
/// and alone, from any thread, straight to its file descriptor; a human line terminal-safe (`TerminalText`). A `json` line is `{"time", …fields}`, a
/// `human` one the text after `prefix` (the time, where the log shows it). A line that cannot be
/// written is dropped: what logs is never stopped by its log.
public final class LineLog: Sendable {
    /// What a human line starts with.
    public enum Prefix: Sendable {
        case none
        case text(String)
        /// The time, to the second or to the millisecond.
        case time(milliseconds: Bool)
    }

    public let format: LogFormat
    private let prefix: Prefix
    private let fileDescriptor: Int32
    private let ownsFileDescriptor: Bool
    private let writing = Mutex(())

    /// A log on an open descriptor (stderr, say), left open.
    public init(fileDescriptor: Int32, format: LogFormat, prefix: Prefix) {
        self.fileDescriptor = fileDescriptor
        ownsFileDescriptor = false
        self.format = format
        self.prefix = prefix
    }

    /// A log appended to the file at `path`, created with mode 0640 when missing; nil, with errno set,
    /// when it cannot be opened.
    public init?(path: String, format: LogFormat, prefix: Prefix) {
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        guard opened >= 0 else { return nil }
        fileDescriptor = opened
        ownsFileDescriptor = true
        self.format = format
        self.prefix = prefix
    }

    deinit {
        if ownsFileDescriptor { close(fileDescriptor) }
    }

    /// One line: `fields` after the time in `json`, `human` after the prefix otherwise.
    public func write(_ fields: JSONObject, human: @autoclosure () -> String) {
        var line: [UInt8] = []
        switch format {
        case .human:
            switch prefix {
            case .none: break
            case let .text(text): line += text.utf8
            case let .time(milliseconds): line += (Timestamp.now(milliseconds: milliseconds) + " ").utf8
            }
            line += TerminalText.safe(human()).utf8
        case .json:
            var object = JSONObject()
            if case let .time(milliseconds) = prefix {
                object.append("time", .string(Timestamp.now(milliseconds: milliseconds)))
            } else {
                object.append("time", .string(Timestamp.now()))
            }
            fields.members.forEach { object.append($0.key, $0.value) }
            JSONValue.object(object).render(into: &line)
        }
        line.append(UInt8(ascii: "\n"))
        writing.withLock { _ in try? writeAll(line, to: fileDescriptor) }
    }

    /// One line naming `event`, as `serve` tells of itself.
    public func event(_ name: String, _ fields: KeyValuePairs<String, JSONValue>, human: String) {
        var object = JSONObject(["event": .string(name)])
        for (key, value) in fields { object.append(key, value) }
        write(object, human: human)
    }
}
