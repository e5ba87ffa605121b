import Glibc
import PaywallEvents
import PaywallModel
import PaywallStore

/// A file (or standard input) of events, one JSON object per line, read and stored batch by batch.
struct EventLines {
    /// The longest line taken as an event: as large as a whole batch may be.
    static let maximumLineLength = EventBatch.maximumBytes

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
    func ingest(into store: any EventStore) throws(CommandFailure) -> IngestedEvents {
        var ingested = IngestedEvents()
        var batch: [Event] = []
        batch.reserveCapacity(EventBatch.maximumEvents)
        var lineNumber = 0
        /// The first line of the batch being gathered.
        var batchStart = 1
        func flush() throws(CommandFailure) {
            guard !batch.isEmpty else { return }
            do {
                ingested.count(try store.append(batch))
            } catch {
                throw CommandFailure(exitCode: CommandFailure(error).exitCode, message: "\(error.message): the batch from line \(batchStart) of "
                    + "\(name) was not stored; \(ingested.accepted) events before it were (and \(ingested.duplicates) duplicates): resume from line \(batchStart)")
            }
            batch.removeAll(keepingCapacity: true)
            batchStart = lineNumber + 1
        }
        try LineReader(fileDescriptor: descriptor, sourceName: name, maximumLineLength: Self.maximumLineLength).forEachLine { line throws(CommandFailure) in
            lineNumber += 1
            switch line {
            case let .text(bytes):
                guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return }
                if let event = ingested.event(Event.read(json: bytes), at: .line(lineNumber)) { batch.append(event) }
            case .overlong:
                ingested.reject(at: .line(lineNumber), pointer: .root, message: "longer than \(Self.maximumLineLength) bytes")
            }
            if batch.count == EventBatch.maximumEvents { try flush() }
        }
        try flush()
        return ingested
    }
}

private extension UInt8 {
    var isJSONWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
