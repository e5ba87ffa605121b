import LocaleKit
import PaywallStore

/// What `paywalls --version` prints: the version of this build on the first line, then what it runs
/// with that a bug report needs, the ICU library in use and the store schema it reads and writes.
enum Version {
    /// The one place the version is written: `scripts/package` reads it from this line.
    static let number = "0.1.0"

    /// What sync sends as `User-Agent`.
    static let userAgent = "paywalls/\(number)"

    static var lines: [String] {
        [number, "ICU \(icuVersion())", "store schema \(PaywallStore.schemaVersion)"]
    }
}
