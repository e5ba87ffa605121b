import ArgumentKit
import PaywallModel
import PaywallStore

extension CommandContext {
    static let storeEnvironmentVariable = "PAYWALLS_STORE"
    static let storeDefaultPath = ".paywalls"

    /// `--store`, else the sync config's `store` when a config is read (`configured`), else
    /// `$PAYWALLS_STORE`, else `./.paywalls`.
    func storePath(_ arguments: ParsedArguments, configured: String? = nil) -> String {
        arguments.value("store") ?? configured ?? environment[Self.storeEnvironmentVariable] ?? Self.storeDefaultPath
    }

    /// Opens the store; `create` for the commands that write to it.
    func openStore(_ arguments: ParsedArguments, create: Bool = false) throws(CommandFailure) -> PaywallStore {
        try openStore(at: storePath(arguments), create: create)
    }

    func openStore(at path: String, create: Bool = false) throws(CommandFailure) -> PaywallStore {
        do {
            return try PaywallStore.open(at: path, create: create)
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension OptionSpec {
    /// `--source NAME` of the commands that report on one source's current snapshot.
    static let source = OptionSpec.value("source", "name", help: "The source to report on (default: the first in sync config order).")
}

extension CommandContext {
    /// The current snapshot of `--source` (else of the first source) and the whole export it holds,
    /// for the commands that report on all of it.
    func currentExport(_ arguments: ParsedArguments) throws(CommandFailure) -> (SnapshotInfo, PaywallExport) {
        let store = try openStore(arguments)
        let current = try currentSnapshot(of: arguments.value("source"), in: store)
        do { return (current, try store.export(of: current)) } catch { throw CommandFailure(error) }
    }

    /// The current snapshot of `source`, else of the first source in answer order.
    func currentSnapshot(of source: String?, in store: PaywallStore) throws(CommandFailure) -> SnapshotInfo {
        do { return try store.requireCurrentSnapshot(of: source) } catch { throw CommandFailure(error) }
    }
}

extension CommandFailure {
    /// The exit status of docs/contracts.md for each way a store can fail.
    init(_ error: StoreError) {
        let code: ExitCode
        switch error.kind {
        case .missing: code = .noInput
        case .locked: code = .temporaryFailure
        case .unreachable: code = .unavailable
        case .newerSchema: code = .configuration
        case .corrupt, .io: code = .ioError
        }
        self.init(exitCode: code, message: error.message)
    }
}
