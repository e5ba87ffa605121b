import Basics

/// A request's header fields in the order received: names as sent, values without the whitespace around them.
/// Kept as `name:value` lines in one buffer, and read as strings only when asked: a request carries several
/// fields and a route reads two or three.
public struct HeaderFields: Sendable {
    /// `name:value\n` per field. A name is a token (no colon, no line end) and a value holds no line end
    /// (`FieldLine` refuses both), so the separators cannot occur inside either.
    private var lines: [UInt8] = []
    /// How many fields there are.
    public private(set) var count = 0

    init() {}

    /// Fields given as pairs; names must be tokens and values must hold no line break, as on the wire.
    public init(_ pairs: [(name: String, value: String)]) {
        for (name, value) in pairs { append(name: Array(name.utf8), value: Array(value.utf8)) }
    }

    mutating func append(name: some Collection<UInt8>, value: some Collection<UInt8>) {
        // One allocation for the usual request's fields.
        if lines.isEmpty { lines.reserveCapacity(256) }
        lines.append(contentsOf: name)
        lines.append(UInt8(ascii: ":"))
        lines.append(contentsOf: value)
        lines.append(UInt8(ascii: "\n"))
        count += 1
    }

    /// The value of the first field called `name`, in any case (field names are ASCII).
    public func value(named name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            lines.withUnsafeBytes { lines -> String? in
                var found: String?
                forEachField(in: lines) { fieldName, value in
                    guard fieldName.count == wanted.count, zip(fieldName, wanted).allSatisfy({ $0.asciiLowercased == $1.asciiLowercased }) else {
                        return true
                    }
                    found = String(decoding: value, as: UTF8.self)
                    return false
                }
                return found
            }
        }
    }

    /// Every field, in order.
    public var pairs: [(name: String, value: String)] {
        lines.withUnsafeBytes { lines in
            var pairs: [(name: String, value: String)] = []
            forEachField(in: lines) { name, value in
                pairs.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
                return true
            }
            return pairs
        }
    }

    /// Calls `body` with each field's name and value until it returns false.
    private func forEachField(in lines: UnsafeRawBufferPointer,
                              _ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool) {
        var start = 0
        while start < lines.count {
            let end = lines.firstIndex(ofByte: UInt8(ascii: "\n"), from: start) ?? lines.count
            let colon = lines.firstIndex(ofByte: UInt8(ascii: ":"), from: start).map { min($0, end) } ?? end
            let name = UnsafeRawBufferPointer(rebasing: lines[start..<colon])
            let value = UnsafeRawBufferPointer(rebasing: lines[min(colon + 1, end)..<end])
            guard body(name, value) else { return }
            start = end + 1
        }
    }
}
