/// Reads the NUL-terminated text of a fixed-size C `char` array, which Swift imports as a tuple.
func string<Tuple>(fromCCharacters tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<length], as: UTF8.self)
    }
}
