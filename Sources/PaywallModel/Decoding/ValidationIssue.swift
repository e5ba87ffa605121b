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
        ValidationIssue.summary(of: issues, truncated: truncated, subject: "invalid export")
    }
}

extension ValidationIssue {
    /// `SUBJECT (N problems):` and one indented line per problem: how refused documents are reported.
    public static func summary(of issues: [ValidationIssue], truncated: Bool, subject: String) -> String {
        let count = truncated ? "more than \(issues.count)" : String(issues.count)
        return "\(subject) (\(count) problem\(issues.count == 1 && !truncated ? "" : "s")):\n"
            + issues.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Gathers problems while a document is read, so that one run reports them all (up to `limit`).
public final class IssueCollector {
    public private(set) var issues: [ValidationIssue] = []
    public private(set) var truncated = false
    /// Every report counted, listed or not: a reader compares it before and after a part to know
    /// whether that part had a problem.
    public private(set) var reportCount = 0
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    public func report(_ pointer: JSONPointer, _ reason: String) {
        reportCount += 1
        if issues.count < limit { issues.append(ValidationIssue(pointer, reason)) } else { truncated = true }
    }

    /// Throws everything gathered, if anything was.
    func check() throws(InvalidExport) {
        if !issues.isEmpty { throw InvalidExport(issues: issues, truncated: truncated) }
    }
}
