/// One problem found in an export: where, and what is wrong, in plain English.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public let pointer: JSONPointer
    public let reason: String

    public init(_ pointer: JSONPointer, _ reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "\(pointer.description.isEmpty ? "/" : pointer.description): \(reason)" }
}

/// A kind of document that can be refused: it names the document in the report, and keeps refusals
/// of different documents apart as types (the CLI exits with a different code for each).
public protocol RefusableDocument {
    /// How a refusal's report starts: "invalid export".
    static var subject: String { get }
}

/// Why a document was refused: every problem found, up to a limit. Reported as `SUBJECT (N problems):`
/// and one indented line per problem.
public struct InvalidDocument<Document: RefusableDocument>: Error, Sendable, Equatable, CustomStringConvertible {
    public let issues: [ValidationIssue]
    /// True when more problems were found than are listed.
    public let truncated: Bool

    public init(issues: [ValidationIssue], truncated: Bool) {
        self.issues = issues
        self.truncated = truncated
    }

    public var description: String {
        let count = truncated ? "more than \(issues.count)" : String(issues.count)
        return "\(Document.subject) (\(count) problem\(issues.count == 1 && !truncated ? "" : "s")):\n"
            + issues.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// An export (or a vendor file) to import.
public enum ExportDocument: RefusableDocument {
    public static let subject = "invalid export"
}

/// Why an export was refused.
public typealias InvalidExport = InvalidDocument<ExportDocument>

/// What a reader makes of an object that names a member twice, which RFC 8259 leaves to each reader: two readers
/// of one document could otherwise read two different values.
public enum RepeatedMemberRule: Sendable {
    /// A problem at the member's pointer: requests, events and configs, whose senders can send them again.
    case refuse
    /// A warning at the member's pointer, and the first of them read, as the vendor's SDK reads its files: an
    /// export the SDK loads is not refused for it.
    case warnAndReadFirst
}

/// Gathers problems while a document is read, so that one run reports them all (up to `limit`).
public final class IssueCollector {
    public private(set) var issues: [ValidationIssue] = []
    public private(set) var truncated = false
    /// Every report counted, listed or not: a reader compares it before and after a part to know
    /// whether that part had a problem.
    public private(set) var reportCount = 0
    public let limit: Int
    public let repeatedMembers: RepeatedMemberRule
    /// What is said about the document without refusing it, each once.
    public private(set) var warnings: [ValidationIssue] = []
    /// The same, to tell one said already at once however many there are.
    private var warned: Set<ValidationIssue> = []

    public init(limit: Int, repeatedMembers: RepeatedMemberRule = .refuse) {
        self.limit = limit
        self.repeatedMembers = repeatedMembers
    }

    /// A member named twice in its object, at `pointer`: a problem or a warning, as `repeatedMembers` says.
    func reportRepeatedMember(at pointer: JSONPointer) {
        switch repeatedMembers {
        case .refuse:
            report(pointer, "appears more than once in its object")
        case .warnAndReadFirst:
            warn(pointer, "appears more than once in its object: the first is read, as the vendor's SDK reads it")
        }
    }

    /// Says something about the document at `pointer` without refusing it; said once however often it is found.
    public func warn(_ pointer: JSONPointer, _ reason: String) {
        let warning = ValidationIssue(pointer, reason)
        if warned.insert(warning).inserted { warnings.append(warning) }
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
