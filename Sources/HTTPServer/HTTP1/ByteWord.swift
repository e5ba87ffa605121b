extension UInt64 {
    /// Whether a byte of these eight, read as one word, is below 0x0E: LF, CR and NUL are, and a tab. The classic
    /// test for a byte less than n, exact for "any"; lines and fields are scanned so, eight bytes at a time.
    var hasByteBelow0x0E: Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return (self &- ones &* 0x0E) & ~self & (ones &* 0x80) != 0
    }
}
