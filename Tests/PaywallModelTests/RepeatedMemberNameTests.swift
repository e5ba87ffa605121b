import PaywallModel
import Testing

/// The parser marks an object that names a member twice (`JSONObject.repeatedKey`), whatever its size and wherever
/// the two are; lookups read the first; a reader refuses it or warns, as its `IssueCollector` says.
@Suite struct RepeatedMemberNameTests {
    /// Names that differ only past their first byte and have one length, so that the parser's quick filter passes
    /// them all and only the comparison tells them apart; and names of other lengths, which the filter tells at once.
    static func name(_ index: Int) -> String {
        index.isMultiple(of: 2) ? "k" + String(repeating: "0", count: 3 - String(index).count) + String(index) : "name-\(index)"
    }

    static func object(_ names: [String]) -> String {
        "{" + names.enumerated().map { #""\#($0.element)": \#($0.offset)"# }.joined(separator: ", ") + "}"
    }

    /// Every size from 1 to 40 members (past the point where the parser keeps a set), and every pair of places.
    @Test func everyPairOfPlacesInObjectsOfEverySizeIsFound() throws {
        for count in 1...40 {
            let names = (0..<count).map(Self.name)
            #expect(try JSONParser.parse(Self.object(names)).objectValue?.repeatedKey == nil, "\(count) distinct names")
            for second in 1..<count {
                for first in 0..<second {
                    var repeated = names
                    repeated[second] = names[first]
                    let object = try #require(try JSONParser.parse(Self.object(repeated)).objectValue)
                    #expect(object.repeatedKey == names[first], "\(count) members, \(first) and \(second)")
                    // The first of the two is the one read.
                    #expect(object[names[first]] == .number(String(first)))
                }
            }
        }
    }

    @Test func eachObjectAnswersForItselfOnly() throws {
        let document = try JSONParser.parse(#"{"outer": {"a": 1, "a": 2}, "list": [{"b": 1}, {"b": 1, "c": 2, "b": 3}], "b": 0}"#)
        let root = try #require(document.objectValue)
        #expect(root.repeatedKey == nil)
        #expect(root["outer"]?.objectValue?.repeatedKey == "a")
        #expect(root["list"]?.arrayValue?.map { $0.objectValue?.repeatedKey } == [nil, "b"])
    }

    @Test func aReaderRefusesOrWarnsAtTheMembersPointer() throws {
        let document = try JSONParser.parse(#"{"item": {"id": "x", "id": "y"}}"#)
        let refusing = IssueCollector(limit: 10)
        let item = FieldReader(document, at: .root, issues: refusing)?.reader("item")
        #expect(item?.string("id") == "x")
        #expect(refusing.issues.map(\.description) == ["/item/id: appears more than once in its object"])
        #expect(refusing.warnings.isEmpty)

        let warning = IssueCollector(limit: 10, repeatedMembers: .warnAndReadFirst)
        _ = FieldReader(document, at: .root, issues: warning)?.reader("item")
        _ = FieldReader(document, at: .root, issues: warning)?.reader("item")
        #expect(warning.issues.isEmpty)
        #expect(warning.warnings.map(\.description)
            == ["/item/id: appears more than once in its object: the first is read, as the vendor's SDK reads it"])
    }

    /// A streamed collection named twice: only the first is streamed, as only the first of any member is read; the
    /// second stays in the tree, unread.
    @Test func aRepeatedStreamedCollectionIsStreamedOnce() throws {
        var bytes = Array(#"{"paywalls": [1, 2], "other": [3], "paywalls": [4]}"#.utf8)
        var streamed: [JSONValue] = []
        let document = try bytes.withUnsafeMutableBytes { buffer in
            try Result { () throws(JSONSyntaxError) in
                try JSONParser.parse(UnsafeRawBufferPointer(buffer), streaming: ["paywalls"]) { streamed.append($0.value) }
            }.get()
        }
        #expect(streamed == [.number("1"), .number("2")])
        let root = try #require(document.objectValue)
        #expect(root.repeatedKey == "paywalls")
        #expect(root.members.map(\.key) == ["paywalls", "other", "paywalls"])
        #expect(root["paywalls"] == .array([]))
        #expect(root.members.last?.value == .array([.number("4")]))
    }
}
