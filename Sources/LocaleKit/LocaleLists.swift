import Basics

/// Reads a preference list: plain `pt-BR,en` or an HTTP Accept-Language value
/// (`da, en-GB;q=0.8, en;q=0.7`), most preferred first. Entries with `q=0` are refused by the
/// user and dropped; among equal weights the written order stays.
public func localePreferences(in list: String) -> [String] {
    guard list.utf8.contains(UInt8(ascii: ";")) else { return availableLocales(in: list) }
    var weighted: [(tag: String, weight: Double)] = []
    var list = list
    list.withUTF8 { utf8 in
        forEachListItem(in: UnsafeRawBufferPointer(utf8)) { entry in
            // `tag;q=0.8`: the tag, then parameters, of which only q counts.
            let tagEnd = entry.firstIndex(ofByte: UInt8(ascii: ";")) ?? entry.count
            let tag = trimmingSpaces(UnsafeRawBufferPointer(rebasing: entry[..<tagEnd]))
            var weight = 1.0
            forEachListItem(in: UnsafeRawBufferPointer(rebasing: entry[tagEnd...]), separator: UInt8(ascii: ";")) { parameter in
                if let value = qValue(parameter) { weight = value }
            }
            guard !tag.isEmpty, !(tag.count == 1 && tag[0] == UInt8(ascii: "*")), weight > 0 else { return }
            weighted.append((String(decoding: tag, as: UTF8.self), weight))
        }
    }
    // Swift's sort is not stable by contract: order by weight, then by position.
    return weighted.enumerated()
        .sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
        .map(\.element.tag)
}

/// The weight `q=0.8` gives (0 to 1; `Q` and spaces around `=` allowed), nil for any other parameter.
private func qValue(_ parameter: UnsafeRawBufferPointer) -> Double? {
    guard let equals = parameter.firstIndex(ofByte: UInt8(ascii: "=")) else { return nil }
    let name = trimmingSpaces(UnsafeRawBufferPointer(rebasing: parameter[..<equals]))
    guard name.count == 1, name[0] == UInt8(ascii: "q") || name[0] == UInt8(ascii: "Q"),
          let value = Double(String(decoding: trimmingSpaces(UnsafeRawBufferPointer(rebasing: parameter[(equals + 1)...])), as: UTF8.self)),
          (0...1).contains(value) else { return nil }
    return value
}

/// Reads a comma-separated list of available localizations, keeping their spelling and order.
public func availableLocales(in list: String) -> [String] {
    var items: [String] = []
    var list = list
    list.withUTF8 { forEachListItem(in: UnsafeRawBufferPointer($0)) { items.append(String(decoding: $0, as: UTF8.self)) } }
    return items
}

/// Calls `body` with each item of a comma-separated list (or one `separator` separates), without
/// surrounding spaces and tabs; empty items are skipped. On bytes, because batch matching splits every
/// new preference list it meets.
func forEachListItem(in bytes: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ","), _ body: (UnsafeRawBufferPointer) -> Void) {
    var start = 0
    while start <= bytes.count {
        let end = bytes.firstIndex(ofByte: separator, from: start) ?? bytes.count
        let item = trimmingSpaces(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        if !item.isEmpty { body(item) }
        start = end + 1
    }
}

/// `bytes` without the spaces and tabs around them.
private func trimmingSpaces(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var lower = 0, upper = bytes.count
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
}

extension Substring {
    /// Without leading and trailing spaces and tabs (on the UTF-8 view: this runs once per list entry).
    func trimmingSpaces() -> String {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var lower = bytes.startIndex, upper = bytes.endIndex
        while lower < upper, isSpace(bytes[lower]) { lower = bytes.index(after: lower) }
        while upper > lower, isSpace(bytes[bytes.index(before: upper)]) { upper = bytes.index(before: upper) }
        return String(Substring(bytes[lower..<upper]))
    }
}
