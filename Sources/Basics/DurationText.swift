/// A duration as the command line writes it (docs/contracts.md): a whole number with a unit, `500ms`, `5s`,
/// `10m`, `1h` or `90d`. No unit means nothing: `5` could be seconds or minutes, so it is refused.
public enum DurationText {
    private static let units: [(suffix: String, duration: Duration)] = [
        ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3600)),
    ]

    /// Days are read, for retention periods, but not spelled: `24h` says what it is to more readers than `1d`.
    private static let day = (suffix: "d", duration: Duration.seconds(86_400))

    /// The duration `text` spells, or nil. At most six digits, so nothing overflows.
    public static func parse(_ text: String) -> Duration? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, let count = Int(digits),
              let unit = (units + [day]).first(where: { $0.suffix == text.dropFirst(digits.count) }) else { return nil }
        return unit.duration * count
    }

    /// `duration` in the largest unit that spells it whole: `90s`, `2m`, `1500ms`.
    public static func spelling(_ duration: Duration) -> String {
        for unit in units.reversed() where duration >= unit.duration && duration == unit.duration * Int(duration / unit.duration) {
            return "\(Int(duration / unit.duration))\(unit.suffix)"
        }
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
    }
}
