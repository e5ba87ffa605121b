/// Member readers shared by the decoders: optional members that may be given but invalid,
/// and locale values.
extension FieldReader {
    /// True when `key` is missing or null: an optional reader's nil then means "not given", not "invalid".
    public func isAbsent(_ key: String) -> Bool {
        object[key] ?? .null == .null
    }

    /// An optional member read by `read` (a reader's own, such as `string`); `valid` is false when it is
    /// given but does not read (reported).
    func optional<T>(_ key: String, _ read: (String, Bool?) -> T?) -> (value: T?, valid: Bool) {
        let value = read(key, false)
        return (value, value != nil || isAbsent(key))
    }

    /// An optional object member read by `decode`; `valid` is false when it is given but is not an
    /// object or does not decode (both reported).
    func optionalObject<T>(_ key: String, _ decode: (FieldReader) -> T?) -> (value: T?, valid: Bool) {
        guard !isAbsent(key) else { return (nil, true) }
        let value = reader(key).flatMap(decode)
        return (value, value != nil)
    }

    /// A URL, as the vendor's SDKs read one: a string that is not empty.
    func url(_ key: String, required: Bool? = nil) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if text.isEmpty {
            issues.report(at(key), "expected a URL, found an empty string")
            return nil
        }
        return text
    }

    /// A locale value; `problem` says what is wrong with it (LocaleKit's rules, passed in by the caller).
    func locale(_ key: String, required: Bool = true, problem: (String) -> String?) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if let reason = problem(text) {
            issues.report(at(key), "invalid locale: \(reason)")
            return nil
        }
        return text
    }
}
