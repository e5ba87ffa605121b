import Basics
import Glibc
import PaywallModel
import PaywallSync

/// How `sync` reports on stderr: a human line per event, or one JSON object per line for cron mail
/// and log shippers; a progress bar for large downloads when stderr is a terminal. Lines are written
/// at once, never held back. Nothing here ever sees a token.
final class SyncLog {
    /// Downloads smaller than this get no progress bar.
    static let progressThreshold: Int64 = 1 << 20

    /// Where the progress bar is drawn (stderr); the lines go to `lines`, on the same descriptor.
    private let channel: OutputChannel
    private let lines: LineLog
    private let verbose: Bool
    private let showsProgress: Bool
    private var progressShown = false
    private var lastProgressPercent = -1

    init(channel: OutputChannel, format: LogFormat, verbose: Bool, isTerminal: Bool) {
        self.channel = channel
        lines = LineLog(fileDescriptor: channel.fileDescriptor, format: format, prefix: .text("sync: "))
        self.verbose = verbose
        showsProgress = isTerminal && format == .human
    }

    func record(_ event: SyncEvent) {
        switch event {
        case let .requesting(source, origin, attempt, conditional):
            guard verbose else { return }
            var fields = JSONObject(["event": .string("request"), "source": .string(source)])
            fields.append(origin.jsonMember.key, origin.jsonMember.value)
            fields.append("attempt", .integer(attempt))
            fields.append("conditional", .bool(conditional))
            emit(fields, human: "\(source): GET \(origin)\(conditional ? " (conditional)" : "")\(attempt > 1 ? ", try \(attempt)" : "")")
        case let .receiving(_, received, expected):
            drawProgress(received: received, expected: expected)
        case let .retrying(source, attempt, reason, delay):
            emit(JSONObject(["event": .string("retry"), "source": .string(source), "attempt": .integer(attempt), "reason": .string(reason),
                  "delayMs": .integer(Int(delay.wholeMilliseconds))]),
                 human: "\(source): try \(attempt) failed (\(reason)); trying again in \(Self.seconds(delay))")
        case let .warning(source, message):
            emit(JSONObject(["event": .string("warning"), "source": .string(source), "message": .string(message)]),
                 human: "\(source): warning: \(message)")
        case let .finished(result):
            var fields = JSONObject(["event": .string("finished")])
            Self.fields(of: result).members.forEach { fields.append($0.key, $0.value) }
            emit(fields, human: Self.line(for: result))
        }
    }

    /// The run could not start or did not succeed: the final word of `paywalls sync` (with its exit
    /// status), or of one of serve's runs (without), in the log's format.
    func fail(_ message: String, exitCode: Int32? = nil) {
        var fields = JSONObject(["event": .string("error")])
        if let exitCode { fields.append("exitCode", .integer(Int(exitCode))) }
        fields.append("message", .string(message))
        emit(fields, human: "error: \(message)")
    }

    /// A result as the log's JSON and the command's summary show it.
    static func fields(of result: SourceResult) -> JSONObject {
        var fields = JSONObject(["source": .string(result.source)])
        fields.append(result.origin.jsonMember.key, result.origin.jsonMember.value)
        for member in JSONObject([
            "status": .string(result.status),
            "httpStatus": result.httpStatus.map { .integer($0) } ?? .null,
            "bytes": .integer(Int(result.bytes)),
            "durationMs": .integer(Int(result.duration.wholeMilliseconds)),
            "attempts": .integer(result.attempts),
            "etagHit": .bool(result.notModified),
            "snapshot": result.snapshot.map { .string($0.key) } ?? .null,
        ]).members {
            fields.append(member.key, member.value)
        }
        if case let .failed(failure) = result.outcome { fields.append("message", .string(failure.message)) }
        return fields
    }

    private static func line(for result: SourceResult) -> String {
        let timing = "\(Self.seconds(result.duration))\(result.attempts > 1 ? ", \(result.attempts) tries" : "")"
        switch result.outcome {
        case .published:
            return "\(result.source): published snapshot \(result.snapshot?.key ?? "?") (\(byteCount(result.bytes)) in \(timing))"
        case let .unchanged(evidence):
            let why = switch evidence {
            case .notModified: "not modified (304)"
            case .sameBytes: "the same bytes as the current snapshot's download"
            case .sameContent: "same content as the current snapshot"
            }
            return "\(result.source): unchanged, \(why) (\(timing))"
        case let .failed(failure):
            let kept = result.snapshot.map { "snapshot \($0.key) stays current" } ?? "no snapshot of it yet"
            return "\(result.source): \(failure.kind.rawValue): \(failure.message); \(kept)"
        }
    }

    private func emit(_ fields: JSONObject, human: String) {
        clearProgress()
        // What the channel holds (a warning before the run) comes first.
        channel.flush()
        lines.write(fields, human: human)
    }

    private func drawProgress(received: Int64, expected: Int64?) {
        guard showsProgress, max(received, expected ?? 0) >= Self.progressThreshold else { return }
        let width = 30
        if let expected, expected > 0 {
            let percent = Int(min(100, received * 100 / expected))
            guard percent != lastProgressPercent else { return }
            lastProgressPercent = percent
            let filled = width * percent / 100
            channel.writeControl("\r")
            channel.write("[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] "
                          + "\(percent)% \(byteCount(received)) of \(byteCount(expected))")
        } else {
            channel.writeControl("\r")
            channel.write("\(byteCount(received)) received")
        }
        channel.flush()
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        channel.writeControl("\r\u{1B}[K")
        progressShown = false
        lastProgressPercent = -1
    }


    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return "\(milliseconds / 1000).\(String(milliseconds % 1000 / 10 + 100).dropFirst()) s"
    }
}
