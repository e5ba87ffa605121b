import Digests
import LocaleKit
import PaywallModel
import PaywallStore

/// An export on disk, as `import` and `sync` read it: hashed, then decoded and checked whole. The
/// file is mapped, not read: pages are given back as parsing moves on, so memory holds the model,
/// not the model and the file.
public final class ExportFile {
    public let path: String
    private let file: MappedFile
    /// Hex SHA-256 of the file's bytes: what tells an identical export without decoding it.
    public let contentHash: String

    public init(path: String) throws(ExportFileError) {
        self.path = path
        file = try MappedFile(path: path)
        contentHash = Digest.hex(Digest.bytes(of: file.bytes, using: .sha256))
        file.release(upTo: file.count)
    }

    public var byteCount: Int { file.count }

    /// Every problem at its JSON pointer, locale keys checked against `policy`.
    public func decode(format: ExportDecoder.Format, policy: LocalePolicy) throws(ExportFileError) -> PaywallExport {
        let decoder = ExportDecoder(localeProblem: { localeKeyProblem($0, policy: policy) })
        do {
            return try decoder.decode(file.bytes, format: format, progress: file.release(upTo:))
        } catch {
            throw ExportFileError(kind: .invalid, message: error.description)
        }
    }
}

extension PaywallStore {
    /// Publishes an export decoded from `file` as `source`'s new snapshot (see `publish`), keeping each
    /// localization key's identity for resolution.
    public func publish(_ export: PaywallExport, decodedFrom file: ExportFile, source: String, importedAt: String = Timestamp.now(),
                        retention: Int = defaultRetention) throws(StoreError) -> PublishOutcome {
        try publish(export, source: source, contentHash: file.contentHash, importedAt: importedAt, retention: retention,
                    localeIdentity: { LocaleIdentity(of: $0)?.serialized })
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
