/// libFuzzer's own mutations, and a third of the time one of its own: a run of decimal digits in the input (a
/// price, a count, a Content-Length, a version, a port, a date) replaced by a number at an edge where arithmetic
/// overflows or a bound is checked, or made one digit longer. Overflow on an outside number is the crash this
/// project guards against most, and byte-level mutations seldom write a thirteen-digit number where a price was.
@_cdecl("LLVMFuzzerCustomMutator")
public func mutateDigitRuns(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix64(seed: UInt64(seed))
    guard random.next() % 3 == 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
    let bytes = UnsafeMutableBufferPointer(start: data, count: maxSize)
    let runs = digitRuns(in: UnsafeBufferPointer(rebasing: bytes[..<size]))
    guard !runs.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
    let run = runs[Int(random.next() % UInt64(runs.count))]
    let replacement: [UInt8]
    if random.next() % 4 == 0 {
        // One digit more than the run has: the step past a length check.
        replacement = Array(bytes[run]) + [bytes[run.upperBound - 1]]
    } else {
        replacement = Array(edgeNumbers[Int(random.next() % UInt64(edgeNumbers.count))].utf8)
    }
    let newSize = size - run.count + replacement.count
    guard newSize <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
    let tail = Array(bytes[run.upperBound..<size])
    for (offset, byte) in (replacement + tail).enumerated() { bytes[run.lowerBound + offset] = byte }
    return newSize
}

/// Numbers next to the limits of integer types, of the bounds the readers check, and past them.
let edgeNumbers = [
    "0", "1", "9", "99", "100", "101", "127", "128", "255", "256", "999", "1000", "1024", "4096", "65535", "65536", "1000000",
    "2147483647", "2147483648", "4294967295", "4294967296", "999999999999", "9999999999999", "9223372036855",
    "9007199254740993", "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
    "99999999999999999999999999999999",
]

/// The ranges of maximal runs of ASCII digits.
func digitRuns(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for (index, byte) in bytes.enumerated() {
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        if isDigit, start == nil { start = index }
        if !isDigit, let first = start {
            runs.append(first..<index)
            start = nil
        }
    }
    if let first = start { runs.append(first..<bytes.count) }
    return runs
}

/// libFuzzer's own mutation of `data`, in place; the new size.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// A small seeded generator (Steele, Lea and Flood's SplitMix64): libFuzzer hands each mutation its seed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
