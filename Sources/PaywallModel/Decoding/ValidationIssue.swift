/// One problem found in an export: where, and what is wrong, in plain English.
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
    public let pointer: JSONPointer
    public let reason: String

    public init(_ pointer: JSONPointer, _ reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "\(pointer.description.isEmpty ? "/" : pointer.description): \(reason)" }
}

/// Why an export was refused: every problem found, up to a limit.
public struct InvalidExport: Error, Sendable, Equatable, CustomStringConvertible {
    public let issues: [ValidationIssue]
    /// True when more problems were found than are listed.
    public let truncated: Bool

    public init(issues: [ValidationIssue], truncated: Bool) {
        self.issues = issues
        self.truncated = truncated
    }

    public var description: String {
        let count = truncated ? "more than \(issues.count)" : String(issues.count)
        return "invalid export (\(count) problem\(issues.count == 1 && !truncated ? "" : "s")):\n"
            + issues.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Gathers problems while a document is read, so that one run reports them all (up to `limit`).
final class IssueCollector {
    private(set) var issues: [ValidationIssue] = []
    private(set) var truncated = false
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func report(_ pointer: JSONPointer, _ reason: String) {
        if issues.count < limit { issues.append(ValidationIssue(pointer, reason)) } else { truncated = true }
    }

    /// Throws everything gathered, if anything was.
    func check() throws(InvalidExport) {
        if !issues.isEmpty { throw InvalidExport(issues: issues, truncated: truncated) }
    }
}
