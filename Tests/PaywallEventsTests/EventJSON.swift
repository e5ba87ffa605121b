import PaywallEvents
import PaywallModel

/// Events as an app sends them, for the tests: a valid one, and changes to its members.
enum EventJSON {
    /// A valid `shown` event; `changes` replace or add members (`nil` removes one).
    static func event(_ changes: KeyValuePairs<String, JSONValue?> = [:], id: String = "e-1") -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("event_id", .string(id)), ("type", .string("shown")), ("created_at", .string("2026-11-29T12:00:00Z")),
            ("profile_id", .string("profile-1")), ("placement_id", .string("onboarding")), ("variation_id", .string("v-a")),
        ]
        for (key, value) in changes {
            members.removeAll { $0.0 == key }
            if let value { members.append((key, value)) }
        }
        return .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(pairs))
    }

    /// `{"events": [...]}` as bytes.
    static func batch(_ events: [JSONValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.object(JSONObject(["events": .array(events)])).render(into: &bytes)
        return bytes
    }

    /// The one event of `value`, or the first problem of it.
    static func decoded(_ value: JSONValue) -> Result<Event, ValidationIssue> {
        switch Event.read(value, at: .root) {
        case let .event(event): .success(event)
        case let .rejected(issue): .failure(issue)
        }
    }
}

extension ValidationIssue: Error {}
