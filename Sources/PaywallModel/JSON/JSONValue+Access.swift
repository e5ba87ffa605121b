// Reading and rewriting parts of a JSON document without a decoder.

extension JSONObject {
    /// The object with the first member named `key` given `value` in place (appended when absent).
    public func replacing(_ key: String, with value: JSONValue) -> JSONObject {
        var result = JSONObject()
        var replaced = false
        for member in members {
            if member.key == key && !replaced {
                result.append(key, value)
                replaced = true
            } else {
                result.append(member.key, member.value)
            }
        }
        if !replaced { result.append(key, value) }
        return result
    }

    public func removing(_ key: String) -> JSONObject {
        var result = JSONObject()
        for member in members where member.key != key { result.append(member.key, member.value) }
        return result
    }
}

extension JSONValue {
    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var objectValue: JSONObject? {
        if case let .object(object) = self { return object }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    public var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}
