/// Reads typed members of one JSON object, reporting each missing or mistyped member at its pointer
/// instead of stopping: the decoder goes on and the document's every problem is listed at once.
/// Exports and the sync config both read through it.
public struct FieldReader {
    public let object: JSONObject
    public let pointer: JSONPointer
    public let issues: IssueCollector
    /// Whether a member is required when a call does not say: true for exports, false for configs,
    /// whose members mostly have defaults. Readers of nested objects inherit it.
    public let membersRequired: Bool

    /// A reader for `value` at `pointer`, or nil (reported) when it is not an object.
    public init?(_ value: JSONValue, at pointer: JSONPointer, issues: IssueCollector, membersRequired: Bool = true) {
        guard case let .object(object) = value else {
            issues.report(pointer, "expected an object, found \(value.kind)")
            return nil
        }
        self.object = object
        self.pointer = pointer
        self.issues = issues
        self.membersRequired = membersRequired
        if let repeated = object.repeatedKey { issues.reportRepeatedMember(at: pointer.appending(repeated)) }
    }

    public func at(_ key: String) -> JSONPointer {
        pointer.appending(key)
    }

    /// The member's value; nil, and "required" when `required`, if it is missing (or null).
    public func value(_ key: String, required: Bool? = nil) -> JSONValue? {
        guard let value = object[key], value != .null else {
            if required ?? membersRequired { issues.report(at(key), "required") }
            return nil
        }
        return value
    }

    public func string(_ key: String, required: Bool? = nil) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .string(text) = value else { return mistyped(key, "a string", value) }
        return text
    }

    /// The longest identifier an input may hold, in bytes (a placement id among them): what a request
    /// naming one is held to as well.
    public static let maximumIdentifierBytes = 256

    /// An identifier: a non-empty string of at most `maximumIdentifierBytes` without control characters,
    /// so that it is safe to print and to store.
    public func identifier(_ key: String, required: Bool? = nil) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if let problem = Self.identifierProblem(text) {
            issues.report(at(key), problem)
            return nil
        }
        return text
    }

    static func identifierProblem(_ text: String) -> String? {
        if text.isEmpty { return "must not be empty" }
        if text.utf8.count > maximumIdentifierBytes { return "longer than \(maximumIdentifierBytes) bytes" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "contains a control character"
        }
        return nil
    }

    public func integer(_ key: String, in range: ClosedRange<Int>, required: Bool? = nil) -> Int? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .number(literal) = value else { return mistyped(key, "an integer", value) }
        guard let number = Int(literal) else {
            // A whole number too large for Int is out of range; any other number is no integer.
            let digits = literal.drop { $0 == "-" }
            let whole = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            issues.report(at(key), whole ? "\(literal) is out of range \(range.lowerBound)...\(range.upperBound)" : "expected an integer, found \(literal)")
            return nil
        }
        guard range.contains(number) else {
            issues.report(at(key), "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return number
    }

    public func bool(_ key: String, required: Bool? = nil) -> Bool? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .bool(flag) = value else { return mistyped(key, "a boolean", value) }
        return flag
    }

    public func array(_ key: String, required: Bool? = nil) -> [(pointer: JSONPointer, value: JSONValue)]? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .array(elements) = value else { return mistyped(key, "an array", value) }
        return elements.enumerated().map { (at(key).appending($0.offset), $0.element) }
    }

    public func objectValue(_ key: String, required: Bool? = nil) -> JSONObject? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .object(object) = value else { return mistyped(key, "an object", value) }
        // A map of names read without a reader of its own (strings, headers, attributes).
        if let repeated = object.repeatedKey { issues.reportRepeatedMember(at: at(key).appending(repeated)) }
        return object
    }

    public func reader(_ key: String, required: Bool? = nil) -> FieldReader? {
        guard let value = value(key, required: required) else { return nil }
        return FieldReader(value, at: at(key), issues: issues, membersRequired: membersRequired)
    }

    /// An array of strings; elements of another type are reported one by one.
    public func strings(_ key: String, required: Bool? = nil) -> [String]? {
        guard let elements = array(key, required: required) else { return nil }
        return elements.compactMap { element in
            guard case let .string(text) = element.value else {
                issues.report(element.pointer, "expected a string, found \(element.value.kind)")
                return nil
            }
            return text
        }
    }

    private func mistyped<T>(_ key: String, _ expected: String, _ found: JSONValue) -> T? {
        issues.report(at(key), "expected \(expected), found \(found.kind)")
        return nil
    }
}
