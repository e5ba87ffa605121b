/// An HTML document made by appending. Text and attribute values go in through `text`, `isolated` and the
/// attributes of `open`/`element`, which escape them as they are written, so nothing a store or a request holds can
/// become markup; element and attribute names, and `markup`, are static strings of this code's own.
public struct HTML {
    public private(set) var bytes: [UInt8] = []

    public init() {
        bytes.reserveCapacity(16_384)
    }

    /// An attribute: `nil` leaves it out, `""` writes it empty (`hidden=""`).
    public typealias Attributes = KeyValuePairs<StaticString, String?>

    /// `<name attributes>`.
    public mutating func open(_ name: StaticString, _ attributes: Attributes = [:]) {
        bytes.append(UInt8(ascii: "<"))
        append(name)
        for (attribute, value) in attributes {
            guard let value else { continue }
            bytes.append(UInt8(ascii: " "))
            append(attribute)
            bytes.append(contentsOf: #"=""#.utf8)
            appendEscaped(value)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// `</name>`.
    public mutating func close(_ name: StaticString) {
        bytes.append(contentsOf: "</".utf8)
        append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name attributes>` what `content` writes `</name>`.
    public mutating func element(_ name: StaticString, _ attributes: Attributes = [:], _ content: (inout HTML) -> Void) {
        open(name, attributes)
        content(&self)
        close(name)
    }

    /// `<name attributes>text</name>`, the text escaped.
    public mutating func element(_ name: StaticString, _ attributes: Attributes = [:], text: String) {
        open(name, attributes)
        self.text(text)
        close(name)
    }

    /// Text, escaped.
    public mutating func text(_ string: String) {
        appendEscaped(string)
    }

    /// A table's `<thead>`: one row of column headings.
    public mutating func columnHeadings(_ headings: [String]) {
        element("thead") { html in
            html.element("tr") { html in
                for heading in headings { html.element("th", ["scope": "col"], text: heading) }
            }
        }
    }

    /// Text from outside (a store's string, a request's value) in `<bdi>`: its direction, whatever characters
    /// it holds (an Arabic name, a right-to-left override), stays inside it and does not turn the text around it.
    public mutating func isolated(_ string: String, _ attributes: Attributes = [:]) {
        element("bdi", attributes, text: string)
    }

    /// Markup of this code's own.
    public mutating func markup(_ fixed: StaticString) {
        append(fixed)
    }

    private mutating func append(_ fixed: StaticString) {
        fixed.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `&`, `<`, `>`, `"` and `'` as references, in text and in attribute values alike; the control characters HTML
    /// does not allow (all of C0 but tab, line feed and carriage return; DEL; C1) as U+FFFD.
    private mutating func appendEscaped(_ string: String) {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        // C1 controls are 0xC2 0x80...0xC2 0x9F: a 0xC2 is held back until the byte after it tells.
        var afterC2 = false
        for byte in string.utf8 {
            if afterC2 {
                afterC2 = false
                if (0x80...0x9F).contains(byte) {
                    bytes += replacement
                    continue
                }
                bytes.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            case 0x09, 0x0A, 0x0D: bytes.append(byte)
            case 0x00...0x1F, 0x7F: bytes += replacement
            case 0xC2: afterC2 = true
            default: bytes.append(byte)
            }
        }
    }
}
