import ArgumentKit
import PaywallModel
import PaywallStore

extension CommandContext {
    static let storeEnvironmentVariable = "PAYWALLS_STORE"
    static let storeDefaultPath = ".paywalls"

    /// `--store`, else `$PAYWALLS_STORE`, else `./.paywalls`.
    func storePath(_ arguments: ParsedArguments) -> String {
        arguments.value("store") ?? environment[Self.storeEnvironmentVariable] ?? Self.storeDefaultPath
    }

    /// Opens the store; `create` for the commands that write to it.
    func openStore(_ arguments: ParsedArguments, create: Bool = false) throws(CommandFailure) -> PaywallStore {
        do {
            return try PaywallStore.open(at: storePath(arguments), create: create)
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension CommandContext {
    /// The current snapshot and the whole export it holds, for the commands that report on all of it.
    func currentExport(_ arguments: ParsedArguments) throws(CommandFailure) -> (SnapshotInfo, PaywallExport) {
        let store = try openStore(arguments)
        let current: SnapshotInfo?
        do { current = try store.currentSnapshot() } catch { throw CommandFailure(error) }
        guard let current else {
            throw CommandFailure(exitCode: .noInput, message: "the store has no snapshot yet (run `paywalls import FILE`)")
        }
        do { return (current, try store.export(of: current)) } catch { throw CommandFailure(error) }
    }
}

extension CommandFailure {
    /// The exit status of SPEC §6 for each way a store can fail.
    init(_ error: StoreError) {
        let code: ExitCode
        switch error.kind {
        case .missing: code = .noInput
        case .locked: code = .temporaryFailure
        case .newerSchema: code = .configuration
        case .corrupt, .io: code = .ioError
        }
        self.init(exitCode: code, message: error.message)
    }
}
