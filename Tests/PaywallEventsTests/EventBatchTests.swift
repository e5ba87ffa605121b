import PaywallEvents
import PaywallModel
import Testing

/// A batch body: the events that read, each bad one refused alone with its place, and bodies that are no batch.
@Suite struct EventBatchTests {
    @Test func badEventsAreRefusedAloneWithTheirPlace() throws {
        let body = EventJSON.batch([
            EventJSON.event(id: "a"), EventJSON.event(["type": .string("nope")], id: "b"), EventJSON.event(id: "c"), .string("d"),
        ])
        let batch = try body.withUnsafeBytes { bytes throws(EventBatch.Refusal) in try EventBatch.read(bytes) }
        #expect(batch.events.map(\.id) == ["a", "c"])
        #expect(batch.rejections.map(\.place) == [.index(1), .index(3)])
        #expect(batch.rejections.map(\.pointer.description) == ["/events/1/type", "/events/3"])
        #expect(batch.rejections[1].message == "expected an object, found a string")
    }

    static let refusedBodies: [(String, [UInt8], EventBatch.Refusal.Kind, String)] = [
        ("not JSON", Array("{\"events\": [".utf8), .malformed, "the body is not JSON: line 1, column 13"),
        ("an array", Array("[]".utf8), .malformed, "the body must be an object"),
        ("no events", Array("{\"event\": []}".utf8), .malformed, #"the body must have an "events" array"#),
        ("events not an array", Array("{\"events\": {}}".utf8), .malformed, #"the body must have an "events" array"#),
        ("501 events", EventJSON.batch((0..<501).map { EventJSON.event(id: "e\($0)") }), .tooLarge,
         "the batch has 501 events; a batch has at most 500"),
        ("past 1 MiB", Array("{\"events\": [\"\(String(repeating: "x", count: 1 << 20))\"]}".utf8), .tooLarge,
         "the body has 1048592 bytes; a batch has at most 1048576"),
    ]

    @Test(arguments: refusedBodies.indices)
    func aBodyThatIsNoBatchIsRefusedWhole(_ index: Int) {
        let (name, body, kind, message) = Self.refusedBodies[index]
        let outcome = body.withUnsafeBytes { bytes in Result { () throws(EventBatch.Refusal) in try EventBatch.read(bytes) } }
        guard case let .failure(refusal) = outcome else {
            Issue.record("\(name): read as a batch")
            return
        }
        #expect(refusal.kind == kind, "\(name)")
        #expect(refusal.message.hasPrefix(message), "\(name): \(refusal.message)")
    }

    @Test func fiveHundredEventsAreABatch() throws {
        let body = EventJSON.batch((0..<500).map { EventJSON.event(id: "e\($0)") })
        let batch = try body.withUnsafeBytes { bytes throws(EventBatch.Refusal) in try EventBatch.read(bytes) }
        #expect(batch.events.count == 500 && batch.rejections.isEmpty)
    }
}
