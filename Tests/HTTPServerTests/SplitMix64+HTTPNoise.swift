import FixtureSupport

/// The random bytes and broken requests the parsers' sweeps are fed, drawn from the seeded generator,
/// so that a failing sweep fails the same way again.
extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// A byte, mostly from those HTTP's syntax turns on.
    mutating func byte() -> UInt8 {
        let interesting = Array(" \t\r\n:,;=/?#*\"\\0aA-_.Hh1".utf8) + [0x00, 0x7F, 0x80, 0xFF]
        return next(below: 3) == 0 ? UInt8(truncatingIfNeeded: next()) : interesting[next(below: interesting.count)]
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }

    /// `bytes` with one to four byte flips, insertions, deletions or duplicated lines.
    mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0...next(below: 4) {
            let at = next(below: bytes.count + 1)
            switch next(below: 4) {
            case 0 where at < bytes.count: bytes[at] = byte()
            case 1: bytes.insert(byte(), at: at)
            case 2 where at < bytes.count: bytes.remove(at: at)
            default:
                let lineStart = bytes[..<at].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                let lineEnd = bytes[at...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[lineStart..<lineEnd]), at: lineStart)
            }
        }
        return bytes
    }
}
