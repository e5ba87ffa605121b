import PaywallModel

/// Typed members of one config object; a missing optional member (or `null`) is nil, a mistyped one
/// is reported and nil. (PaywallModel's FieldReader reads exports, where members are required by
/// default and ids have rules of their own; configs mostly have defaults.)
struct ConfigReader {
    let object: JSONObject
    let pointer: JSONPointer
    let issues: IssueCollector

    init?(_ value: JSONValue, at pointer: JSONPointer, issues: IssueCollector) {
        guard case let .object(object) = value else {
            issues.report(pointer, "expected an object, found \(value.kind)")
            return nil
        }
        self.object = object
        self.pointer = pointer
        self.issues = issues
    }

    func at(_ key: String) -> JSONPointer { pointer.appending(key) }

    func value(_ key: String, required: Bool = false) -> JSONValue? {
        guard let value = object[key], value != .null else {
            if required { issues.report(at(key), "required") }
            return nil
        }
        return value
    }

    func string(_ key: String, required: Bool = false) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .string(text) = value else { return mistyped(key, "a string", value) }
        return text
    }

    /// A file path, resolved against `directory`: a non-empty string without NUL.
    func path(_ key: String, directory: String) -> String? {
        guard let text = string(key) else { return nil }
        if text.isEmpty {
            issues.report(at(key), "must not be empty")
            return nil
        }
        if text.utf8.contains(0) {
            issues.report(at(key), "contains a NUL character")
            return nil
        }
        return SyncConfiguration.resolve(text, against: directory)
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = value(key) else { return nil }
        guard case let .number(literal) = value else { return mistyped(key, "an integer", value) }
        guard let number = Int(literal) else {
            let digits = literal.drop { $0 == "-" }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                issues.report(at(key), "\(literal) is out of range \(range.lowerBound)...\(range.upperBound)")
                return nil
            }
            issues.report(at(key), "expected an integer, found \(literal)")
            return nil
        }
        guard range.contains(number) else {
            issues.report(at(key), "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return number
    }

    func array(_ key: String, required: Bool = false) -> [(pointer: JSONPointer, value: JSONValue)]? {
        guard let value = value(key, required: required) else { return nil }
        guard case let .array(elements) = value else { return mistyped(key, "an array", value) }
        return elements.enumerated().map { (at(key).appending($0.offset), $0.element) }
    }

    func objectValue(_ key: String) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard case let .object(object) = value else { return mistyped(key, "an object", value) }
        return object
    }

    func reader(_ key: String) -> ConfigReader? {
        guard let value = value(key) else { return nil }
        return ConfigReader(value, at: at(key), issues: issues)
    }

    private func mistyped<T>(_ key: String, _ expected: String, _ found: JSONValue) -> T? {
        issues.report(at(key), "expected \(expected), found \(found.kind)")
        return nil
    }
}
