import FuzzSupport
import PaywallModel
import PaywallSync

// The JSON parser every document goes through (exports, event batches, sync configs, bundle requests): whatever the
// bytes, a value or a JSONSyntaxError. A value renders back (compact or pretty) to the same value with the same value
// hash; every object knows the first name given twice in it; streamed parsing hands over the same elements and tells
// the observer the same; the limits refuse exactly the documents that pass them.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let hasher = ValueHasher()
    let parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes, observer: hasher) }
    // A digest is asked once, after a parse that succeeded.
    let hash = parsed.map { _ in hasher.hexDigest() }
    checkStreaming(bytes, agreesWith: parsed, hash: try? hash.get())
    guard case let .success(value) = parsed, case let .success(hash) = hash else { return 0 }
    for pretty in [false, true] {
        let again = ValueHasher()
        let rendered = value.rendered(pretty: pretty)
        let reparsed = Array(rendered.utf8).withUnsafeBytes { try? JSONParser.parse($0, observer: again) }
        precondition(reparsed == value, "rendered (pretty: \(pretty)) as \(rendered), read back as another value")
        precondition(again.hexDigest() == hash, "rendered (pretty: \(pretty)) as \(rendered), read back with another value hash")
    }
    checkRepeatedNames(value)
    checkLimits(bytes, value)
    return 0
}

/// Each object's `repeatedKey` is the first name met a second time in it, nil when every name differs.
func checkRepeatedNames(_ value: JSONValue) {
    switch value {
    case let .array(elements):
        elements.forEach(checkRepeatedNames)
    case let .object(object):
        var seen: Set<String> = []
        let repeated = object.members.first { !seen.insert($0.key).inserted }?.key
        precondition(object.repeatedKey == repeated, "repeated name \(String(describing: object.repeatedKey)), expected \(String(describing: repeated))")
        object.members.map(\.value).forEach(checkRepeatedNames)
    default:
        break
    }
}

/// Parsing with the top-level arrays streamed ends as the whole parse does: the same error, or the same value once
/// the streamed elements are put back, in order, with the same value hash.
func checkStreaming(_ bytes: UnsafeRawBufferPointer, agreesWith parsed: Result<JSONValue, JSONSyntaxError>, hash: String?) {
    var keys: Set<String> = ["events", "paywalls", "placements"]
    if case let .success(.object(root)) = parsed {
        keys = Set(root.members.filter { if case .array = $0.value { true } else { false } }.map(\.key))
    }
    let streamedHash = ValueHasher()
    var streamed: [String: [JSONValue]] = [:]
    var lastEnd = 0
    let result = Result { () throws(JSONSyntaxError) in
        try JSONParser.parse(bytes, streaming: keys, observer: streamedHash) { element in
            // A name given twice streams each of its arrays from 0.
            let previous = streamed[element.key, default: []].count
            precondition(element.index == previous || element.index == 0, "element \(element.index) of \(element.key) after \(previous)")
            precondition(element.endOffset >= lastEnd && element.endOffset <= bytes.count, "end offset \(element.endOffset) after \(lastEnd)")
            lastEnd = element.endOffset
            streamed[element.key, default: []].append(element.value)
        }
    }
    switch (parsed, result) {
    case let (.failure(whole), .failure(streaming)):
        precondition(whole == streaming, "whole: \(whole); streamed: \(streaming)")
    case let (.success(whole), .success(.object(root))):
        // Put back where each name is given once (a name given twice streams its arrays' elements under one key).
        if streamed.keys.allSatisfy({ key in root.members.filter { $0.key == key }.count == 1 }) {
            let members = root.members.map { member in
                streamed[member.key].map { JSONObject.Member(key: member.key, value: .array($0)) } ?? member
            }
            precondition(JSONValue.object(JSONObject(members)) == whole, "streamed parse put back is another value")
        }
        precondition(streamedHash.hexDigest() == hash, "streamed parse told the observer something else")
    case let (.success(whole), .success(streamedValue)):
        precondition(whole == streamedValue, "streamed parse of a non-object is another value")
        precondition(streamedHash.hexDigest() == hash, "streamed parse told the observer something else")
    default:
        preconditionFailure("whole parse: \(parsed); streamed parse: \(result)")
    }
}

/// Tight limits refuse a document exactly when it nests deeper or has a longer string than they allow.
func checkLimits(_ bytes: UnsafeRawBufferPointer, _ value: JSONValue) {
    var limits = JSONParser.Limits()
    limits.maximumDepth = 4
    limits.maximumStringBytes = 16
    let fits = value.depth <= limits.maximumDepth && value.longestString <= limits.maximumStringBytes
    switch Result(catching: { () throws(JSONSyntaxError) in try JSONParser.parse(bytes, limits: limits) }) {
    case let .success(limited): precondition(fits && limited == value, "depth \(value.depth), longest string \(value.longestString): read within the limits")
    case let .failure(error): precondition(!fits, "depth \(value.depth), longest string \(value.longestString): refused: \(error)")
    }
}

extension JSONValue {
    /// Objects and arrays inside one another, as the parser counts them (a scalar is 0).
    var depth: Int {
        switch self {
        case let .array(elements): 1 + (elements.map(\.depth).max() ?? 0)
        case let .object(object): 1 + (object.members.map(\.value.depth).max() ?? 0)
        default: 0
        }
    }

    /// The UTF-8 length of the longest string, member names included.
    var longestString: Int {
        switch self {
        case let .string(text): text.utf8.count
        case let .array(elements): elements.map(\.longestString).max() ?? 0
        case let .object(object): object.members.map { max($0.key.utf8.count, $0.value.longestString) }.max() ?? 0
        default: 0
        }
    }
}

runFuzzer(fuzzJSON)
