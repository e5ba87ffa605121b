extension Int {
    /// The number with `digit` appended in `radix`, or nil when that is past `limit` (checked without overflow): for
    /// numbers a client writes with as many digits as it likes.
    func appending(digit: Int, radix: Int, upTo limit: Int) -> Int? {
        let (scaled, overflowed) = multipliedReportingOverflow(by: radix)
        let (sum, carried) = scaled.addingReportingOverflow(digit)
        return overflowed || carried || sum > limit ? nil : sum
    }
}
