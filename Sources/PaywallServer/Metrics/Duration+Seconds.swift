extension Duration {
    /// The duration in seconds, from the two halves of its attoseconds: dividing it by `.seconds(1)`, or taking its
    /// components, is a 128-bit division, and every request's time in the metrics is taken so.
    var inSeconds: Double {
        let high = Double(Int64(truncatingIfNeeded: attoseconds >> 64)), low = Double(UInt64(truncatingIfNeeded: attoseconds))
        return (high * 0x1p64 + low) / 1e18
    }
}
