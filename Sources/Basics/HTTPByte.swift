/// The byte classes of HTTP's grammar (RFC 9110 §5.6, RFC 9112 §2), for parsers that work on bytes.
extension UInt8 {
    public static let space = UInt8(ascii: " ")
    public static let tab = UInt8(ascii: "\t")
    public static let carriageReturn = UInt8(ascii: "\r")
    public static let lineFeed = UInt8(ascii: "\n")

    /// A `tchar` of RFC 9110 §5.6.2: what methods, field names and codings are made of.
    public var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `VCHAR`: printable ASCII without the space.
    public var isVisibleASCII: Bool { (0x21...0x7E).contains(self) }

    /// SP or HTAB, the bytes of `OWS` and `BWS`.
    public var isWhitespace: Bool { self == .space || self == .tab }

    /// A `CTL` other than HTAB: a byte no field value may hold (RFC 9110 §5.5).
    public var isControlOtherThanTab: Bool { (self < 0x20 && self != .tab) || self == 0x7F }

    public var isDecimalDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    /// The value of a `HEXDIG`, in either case; nil for any other byte.
    public var hexDigitValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The byte with ASCII capitals made small; every other byte as it is.
    public var asciiLowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }
}
