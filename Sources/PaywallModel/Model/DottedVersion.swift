/// An app version such as `2.10.1`: digits separated by single dots, compared part by part with
/// missing parts as 0 (`2.10` > `2.9.9`, `2.0` == `2`). How `app_version` conditions compare.
public struct DottedVersion: Comparable, Sendable {
    public let parts: [Int]

    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 9 && $0.utf8.allSatisfy { (48...57).contains($0) } }) else { return nil }
        parts = pieces.map { Int($0)! }
    }

    public static func < (lhs: DottedVersion, rhs: DottedVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0, right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: DottedVersion, rhs: DottedVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
