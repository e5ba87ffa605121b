/// Comparisons whose time does not depend on the contents compared.
public enum ConstantTime {
    /// Whether `first` and `second` hold the same bytes. Every byte position up to the longer length is
    /// visited and the differences are OR-ed together, with no early exit.
    public static func equal(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        var difference: UInt8 = first.count == second.count ? 0 : 1
        for index in 0..<max(first.count, second.count) {
            let left = index < first.count ? first[index] : 0
            let right = index < second.count ? second[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
