/// The console's links, their values percent-encoded: a placement id or a filter from the store or the request
/// goes into a URL only through here.
public enum ConsoleLinks {
    /// `path?name=value&…`, the nil values left out.
    public static func path(_ path: String, query: [(String, String?)]) -> String {
        let pairs = query.compactMap { name, value in value.map { "\(name)=\(encoded($0))" } }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }

    public static func placement(_ id: String, source: String? = nil) -> String {
        path("/console/placements/" + encoded(id), query: [("source", source)])
    }

    /// Every byte but the unreserved ones (RFC 3986 §2.3) as `%XX`.
    public static func encoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
