/// Why the store cannot do what was asked. The message is plain English and names the file.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No store (or no such snapshot) where one was expected.
        case missing
        /// Another connection holds the write lock beyond the busy timeout.
        case locked
        /// The database was written by a newer `paywalls`.
        case newerSchema(found: Int, supported: Int)
        /// The file is not a database, or its contents do not decode.
        case corrupt
        case io
        /// The database server cannot be reached, refused the connection, or the connection to it was lost.
        case unreachable
    }

    public let kind: Kind
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
