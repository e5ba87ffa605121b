/// The byte classes of HTTP's grammar (RFC 9110 §5.6, RFC 9112 §2), for parsers that work on bytes. Inlinable,
/// and the named bytes computed rather than stored: the parser's loops test every byte with them, and a stored
/// static of another module is read through a call.
extension UInt8 {
    @inlinable public static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable public static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable public static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    @inlinable public static var lineFeed: UInt8 { UInt8(ascii: "\n") }

    /// A `tchar` of RFC 9110 §5.6.2: what methods, field names and codings are made of.
    @inlinable public var isTokenCharacter: Bool {
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
    @inlinable public var isVisibleASCII: Bool { (0x21...0x7E).contains(self) }

    /// SP or HTAB, the bytes of `OWS` and `BWS`.
    @inlinable public var isWhitespace: Bool { self == .space || self == .tab }

    /// A `CTL` other than HTAB: a byte no field value may hold (RFC 9110 §5.5).
    @inlinable public var isControlOtherThanTab: Bool { (self < 0x20 && self != .tab) || self == 0x7F }

    @inlinable public var isDecimalDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    /// The value of a `HEXDIG`, in either case; nil for any other byte.
    @inlinable public var hexDigitValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The byte with ASCII capitals made small; every other byte as it is.
    @inlinable public var asciiLowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }
}
