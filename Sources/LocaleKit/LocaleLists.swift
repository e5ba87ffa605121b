import Basics

/// Reads a preference list: plain `pt-BR,en` or an HTTP Accept-Language value
/// (`da, en-GB;q=0.8, en;q=0.7`), most preferred first. Entries with `q=0` are refused by the
/// user and dropped; among equal weights the written order stays.
public func localePreferences(in list: String) -> [String] {
    guard list.utf8.contains(UInt8(ascii: ";")) else { return availableLocales(in: list) }
    var weighted: [(tag: String, weight: Double)] = []
    var list = list
    list.withUTF8 { utf8 in
        UnsafeRawBufferPointer(utf8).forEachWeightedElement { tag, weight in
            guard !(tag.count == 1 && tag[0] == UInt8(ascii: "*")), weight > 0 else { return }
            weighted.append((String(decoding: tag, as: UTF8.self), weight))
        }
    }
    // Swift's sort is not stable by contract: order by weight, then by position.
    return weighted.enumerated()
        .sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
        .map(\.element.tag)
}

/// Reads a comma-separated list of available localizations, keeping their spelling and order.
public func availableLocales(in list: String) -> [String] {
    var items: [String] = []
    var list = list
    list.withUTF8 { UnsafeRawBufferPointer($0).forEachListElement { if !$0.isEmpty { items.append(String(decoding: $0, as: UTF8.self)) } } }
    return items
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
