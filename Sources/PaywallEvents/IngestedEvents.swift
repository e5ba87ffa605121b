import PaywallModel

/// An event refused: where it was given, and its first problem at its JSON pointer. A bad event is refused alone;
/// the others are stored.
public struct EventRejection: Sendable, Equatable, CustomStringConvertible {
    public enum Place: Sendable, Equatable {
        /// A line of a file of events (`paywalls events ingest`), from 1.
        case line(Int)
        /// An event of a batch (`POST /v1/events`), from 0.
        case index(Int)
    }

    public let place: Place
    public let pointer: JSONPointer
    public let message: String

    /// `line 3: /type: expected one of …`.
    public var description: String {
        let place = switch place {
        case let .line(line): "line \(line)"
        case let .index(index): "index \(index)"
        }
        return "\(place): \(pointer.description.isEmpty ? "/" : pointer.description): \(message)"
    }

    /// `{"line": 3, "pointer", "message"}`, or `"index"` for an event of a batch.
    var json: JSONValue {
        let place = switch place {
        case let .line(line): JSONObject.Member(key: "line", value: .integer(line))
        case let .index(index): JSONObject.Member(key: "index", value: .integer(index))
        }
        return .object(JSONObject([place, .init(key: "pointer", value: .string(pointer.description)),
                                   .init(key: "message", value: .string(message))]))
    }
}

/// What storing events came to, as `paywalls events ingest` prints it and `POST /v1/events` answers it: the events
/// stored, those stored already (their `event_id`s were), and those refused.
public struct IngestedEvents: Sendable, Equatable {
    public private(set) var accepted = 0
    public private(set) var duplicates = 0
    public private(set) var rejections: [EventRejection] = []

    public init() {}

    /// The event `reading` read, or nil with its rejection kept at `place`.
    public mutating func event(_ reading: Event.Reading, at place: EventRejection.Place) -> Event? {
        switch reading {
        case let .event(event):
            return event
        case let .rejected(issue):
            reject(at: place, pointer: issue.pointer, message: issue.reason)
            return nil
        }
    }

    /// Keeps the rejection of what was at `place` before it could be read as an event (a line too long).
    public mutating func reject(at place: EventRejection.Place, pointer: JSONPointer, message: String) {
        rejections.append(EventRejection(place: place, pointer: pointer, message: message))
    }

    /// Counts what a store made of events appended.
    public mutating func count(_ appended: AppendedEvents) {
        accepted += appended.accepted
        duplicates += appended.duplicates
    }

    /// `{"accepted", "duplicates", "rejected": [{"line" or "index", "pointer", "message"}], "rejectedCount"}`, the
    /// first `limit` rejections listed.
    public func json(listing limit: Int) -> JSONValue {
        .object(JSONObject([
            "accepted": .integer(accepted), "duplicates": .integer(duplicates),
            "rejected": .array(rejections.prefix(limit).map(\.json)), "rejectedCount": .integer(rejections.count),
        ]))
    }
}
