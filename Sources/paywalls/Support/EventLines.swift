import Glibc
import PaywallEvents
import PaywallModel
import PaywallStore

/// A file (or standard input) of events, one JSON object per line, read and stored batch by batch.
struct EventLines {
    /// The longest line taken as an event: as large as a whole batch may be.
    static let maximumLineLength = EventBatch.maximumBytes

    struct Rejection {
        let line: Int
        let pointer: JSONPointer
        let message: String
    }

    struct Outcome {
        var accepted = 0
        var duplicates = 0
        var rejections: [Rejection] = []

        func json(listing limit: Int) -> JSONValue {
            .object(JSONObject([
                "accepted": .integer(accepted), "duplicates": .integer(duplicates),
                "rejected": .array(rejections.prefix(limit).map { rejection in
                    .object(JSONObject(["line": .integer(rejection.line), "pointer": .string(rejection.pointer.description),
                                        "message": .string(rejection.message)]))
                }),
                "rejectedCount": .integer(rejections.count),
            ]))
        }
    }

    let name: String
    private let descriptor: Int32

    /// `-` for standard input.
    init(path: String) throws(CommandFailure) {
        guard path != "-" else {
            name = "standard input"
            descriptor = STDIN_FILENO
            return
        }
        name = path
        descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure(exitCode: .noInput, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }

    func close() {
        if descriptor != STDIN_FILENO { _ = Glibc.close(descriptor) }
    }

    /// Reads every line, storing the events in batches as they fill. Stops at the first batch that cannot be stored:
    /// what was stored before stays stored, and the message says how many events that is and the line to resume from.
    func ingest(into store: any EventStore) throws(CommandFailure) -> Outcome {
        var outcome = Outcome()
        var batch: [Event] = []
        batch.reserveCapacity(EventBatch.maximumEvents)
        var lineNumber = 0
        /// The first line of the batch being gathered.
        var batchStart = 1
        func flush() throws(CommandFailure) {
            guard !batch.isEmpty else { return }
            do {
                let appended = try store.append(batch)
                outcome.accepted += appended.accepted
                outcome.duplicates += appended.duplicates
            } catch {
                throw CommandFailure(exitCode: CommandFailure(error).exitCode, message: "\(error.message): the batch from line \(batchStart) of "
                    + "\(name) was not stored; \(outcome.accepted) events before it were (and \(outcome.duplicates) duplicates): resume from line \(batchStart)")
            }
            batch.removeAll(keepingCapacity: true)
            batchStart = lineNumber + 1
        }
        try LineReader(fileDescriptor: descriptor, sourceName: name, maximumLineLength: Self.maximumLineLength).forEachLine { line throws(CommandFailure) in
            lineNumber += 1
            switch line {
            case let .text(bytes):
                guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return }
                switch Event.read(json: bytes) {
                case let .event(event): batch.append(event)
                case let .rejected(issue): outcome.rejections.append(Rejection(line: lineNumber, pointer: issue.pointer, message: issue.reason))
                }
            case .overlong:
                outcome.rejections.append(Rejection(line: lineNumber, pointer: .root, message: "longer than \(Self.maximumLineLength) bytes"))
            }
            if batch.count == EventBatch.maximumEvents { try flush() }
        }
        try flush()
        return outcome
    }
}

private extension UInt8 {
    var isJSONWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
