import Basics

extension ParsedArguments {
    /// The value of `name` as a duration within `range`, or a usage error such as "expected a duration
    /// such as 500ms, 5s, 10m or 1h, from 1s to 24h".
    public func duration(_ name: String, in range: ClosedRange<Duration>) throws(UsageError) -> Duration? {
        let expected = "a duration such as 500ms, 5s, 10m or 1h, from \(DurationText.spelling(range.lowerBound)) "
            + "to \(DurationText.spelling(range.upperBound))"
        return try value(name, expected: expected) { DurationText.parse($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}
