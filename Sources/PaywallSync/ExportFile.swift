import Digests
import LocaleKit
import PaywallModel

/// An export on disk, as `import` and `sync` read it: decoded and checked whole, and its value hash
/// computed in the same pass. The file is read into memory of its own (`ExportBytes`), given back as parsing
/// moves on; a file that changed meanwhile is an error.
public final class ExportFile {
    public let path: String
    private let file: ExportBytes

    public init(path: String) throws(ExportFileError) {
        self.path = path
        file = try ExportBytes(path: path)
    }

    public var byteCount: Int { file.count }

    /// Hex SHA-256 of the file's bytes, as `sha256sum` prints it: what tells the same download again
    /// without decoding it. Read before `decode`, which gives the pages back as it goes.
    public func bytesSHA256() -> String {
        Digest.hex(Digest.bytes(of: file.bytes, using: .sha256))
    }

    /// Every problem at its JSON pointer, locale keys checked against `policy`.
    public func decode(format: ExportDecoder.Format, policy: LocalePolicy) throws(ExportFileError) -> DecodedExport {
        let decoder = ExportDecoder(localeProblem: { localeKeyProblem($0, policy: policy) })
        let hasher = ValueHasher()
        let export: PaywallExport
        do {
            export = try decoder.decode(file.bytes, format: format, observer: hasher, progress: file.release(upTo:))
        } catch {
            // Problems in bytes that changed while they were read are not the export's.
            try file.checkUnchanged()
            throw ExportFileError(kind: .invalid, message: error.description)
        }
        try file.checkUnchanged()
        return DecodedExport(export: export, contentHash: hasher.hexDigest(), policy: policy)
    }
}

/// Why an export file could not be used.
public struct ExportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Missing, not a regular file, or not readable.
        case unreadable
        /// Reading or mapping failed.
        case io
        /// The document is not a valid export; the message lists every problem (and does not name the file).
        case invalid
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }
}
