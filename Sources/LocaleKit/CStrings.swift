/// Reads the NUL-terminated text of a fixed-size C `char` array, which Swift imports as a tuple.
func string<Tuple>(fromCCharacters tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<length], as: UTF8.self)
    }
}

/// Reads the NUL-terminated text of a C buffer filled by the bridge.
func string(fromCBuffer buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
