import PaywallModel
import Testing

/// What a `JSONObserver` is told: everything read, in document order, streamed collections included.
@Suite struct JSONObserverTests {
    final class Recorder: JSONObserver {
        var events: [String] = []

        func objectStarted() { events.append("{") }
        func memberNamed(_ key: String) { events.append("\(key):") }
        func objectEnded() { events.append("}") }
        func arrayStarted() { events.append("[") }
        func arrayEnded() { events.append("]") }
        func scalar(_ value: JSONValue) { events.append(value.rendered()) }
    }

    static let document = #"{"a": [1, {"b": null}, []], "items": [{"id": "x\u00e9"}, true], "c": {}, "d": -0.5e1}"#
    static let events = ["{", "a:", "[", "1", "{", "b:", "null", "}", "[", "]", "]",
                         "items:", "[", "{", "id:", "\"xé\"", "}", "true", "]", "c:", "{", "}", "d:", "-0.5e1", "}"]

    /// The events of parsing `text`, streaming the top-level arrays named in `streamed`.
    private func events(of text: String, streaming streamed: Set<String>? = nil) throws -> (root: JSONValue, events: [String]) {
        let recorder = Recorder()
        let root = try Array(text.utf8).withUnsafeBytes { bytes in
            guard let streamed else { return try JSONParser.parse(bytes, observer: recorder) }
            return try JSONParser.parse(bytes, streaming: streamed, observer: recorder) { _ in }
        }
        return (root, recorder.events)
    }

    @Test func theObserverIsToldEverythingInDocumentOrder() throws {
        #expect(try events(of: Self.document).events == Self.events)
    }

    @Test func streamedElementsAreToldToo() throws {
        let (root, events) = try events(of: Self.document, streaming: ["items"])
        #expect(root.rendered() == #"{"a":[1,{"b":null},[]],"items":[],"c":{},"d":-0.5e1}"#)
        #expect(events == Self.events)
    }

    @Test func scalarDocumentsAreToldAsScalars() throws {
        for (text, expected) in [(#""\/""#, [#""/""#]), (" 12 ", ["12"]), ("false", ["false"])] {
            #expect(try events(of: text).events == expected, "\(text)")
        }
    }
}
