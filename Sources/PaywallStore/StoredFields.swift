import PaywallModel

/// Why a stored JSON column does not decode to the model; the store reports it as corruption.
struct StorageDecodingError: Error {
    let reason: String
}

/// Typed reads of one stored JSON object's members.
struct StoredFields {
    private let object: JSONObject

    init(_ value: JSONValue) throws(StorageDecodingError) {
        guard case let .object(object) = value else { throw StorageDecodingError(reason: "expected an object, found \(value.kind)") }
        self.object = object
    }

    /// The member, or nil when absent.
    func optional(_ key: String) -> JSONValue? {
        object[key]
    }

    func value(_ key: String) throws(StorageDecodingError) -> JSONValue {
        guard let value = object[key] else { throw StorageDecodingError(reason: "no member '\(key)'") }
        return value
    }

    func string(_ key: String) throws(StorageDecodingError) -> String {
        guard case let .string(text) = try value(key) else { throw mismatch(key, "a string") }
        return text
    }

    func optionalString(_ key: String) throws(StorageDecodingError) -> String? {
        guard object[key] != nil else { return nil }
        return try string(key)
    }

    func integer(_ key: String) throws(StorageDecodingError) -> Int {
        guard case let .number(literal) = try value(key), let number = Int(literal) else { throw mismatch(key, "an integer") }
        return number
    }

    func optionalBool(_ key: String) throws(StorageDecodingError) -> Bool? {
        switch object[key] {
        case nil: return nil
        case let .bool(flag)?: return flag
        default: throw mismatch(key, "a boolean")
        }
    }

    func strings(_ key: String) throws(StorageDecodingError) -> [String] {
        try array(key).map { (element) throws(StorageDecodingError) in
            guard case let .string(text) = element else { throw mismatch(key, "an array of strings") }
            return text
        }
    }

    func array(_ key: String) throws(StorageDecodingError) -> [JSONValue] {
        guard case let .array(elements) = try value(key) else { throw mismatch(key, "an array") }
        return elements
    }

    func object(_ key: String) throws(StorageDecodingError) -> JSONObject {
        guard case let .object(object) = try value(key) else { throw mismatch(key, "an object") }
        return object
    }

    private func mismatch(_ key: String, _ expected: String) -> StorageDecodingError {
        StorageDecodingError(reason: "member '\(key)' is not \(expected)")
    }
}

extension JSONValue {
    /// Reads a stored column: a `BinaryBody`, or the JSON text stores written before it hold. This module
    /// wrote it from a model, so the JSON limits only guard the stack.
    static func stored(_ bytes: UnsafeRawBufferPointer) throws(StorageDecodingError) -> JSONValue {
        if bytes.first == BinaryBody.marker { return try BinaryBody.decoded(bytes) }
        var limits = JSONParser.Limits()
        limits.maximumDepth = 256
        limits.maximumStringBytes = Int.max
        do {
            return try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw StorageDecodingError(reason: "not JSON: \(error)")
        }
    }

    /// The elements of a stored array.
    func storedElements() throws(StorageDecodingError) -> [JSONValue] {
        guard case let .array(elements) = self else { throw StorageDecodingError(reason: "expected an array, found \(kind)") }
        return elements
    }
}
