/// Reads a preference list: plain `pt-BR,en` or an HTTP Accept-Language value
/// (`da, en-GB;q=0.8, en;q=0.7`), most preferred first. Entries with `q=0` are refused by the
/// user and dropped; among equal weights the written order stays.
public func localePreferences(in list: String) -> [String] {
    guard list.utf8.contains(UInt8(ascii: ";")) else { return availableLocales(in: list) }
    var weighted: [(tag: String, weight: Double)] = []
    for entry in list.split(separator: ",") {
        let parts = entry.split(separator: ";")
        let tag = parts.first.map { $0.trimmingSpaces() } ?? ""
        var weight = 1.0
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            if pair.count == 2, pair[0] == "q" || pair[0] == "Q", let value = Double(pair[1]), (0...1).contains(value) {
                weight = value
            }
        }
        if tag.isEmpty || tag == "*" || weight == 0 { continue }
        weighted.append((tag, weight))
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
    list.withUTF8 { forEachListItem(in: UnsafeRawBufferPointer($0)) { items.append(String(decoding: $0, as: UTF8.self)) } }
    return items
}

/// Calls `body` with each item of a comma-separated list, without surrounding spaces and tabs; empty
/// items are skipped. On bytes, because batch matching splits every new preference list it meets.
func forEachListItem(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var start = 0
    while start <= bytes.count {
        let end = bytes.firstIndex(ofByte: UInt8(ascii: ","), from: start) ?? bytes.count
        var lower = start, upper = end
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        if lower < upper { body(UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])) }
        start = end + 1
    }
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
