import PaywallSync

extension CommandContext {
    static let syncConfigEnvironmentVariable = "PAYWALLS_CONFIG"
    static let syncConfigDefaultPath = "sync-config/paywalls.json"

    /// `given` (a `--config` or `--sync-config`), else `$PAYWALLS_CONFIG`, else `sync-config/paywalls.json`.
    func syncConfigPath(_ given: String?) -> String {
        given ?? environment[Self.syncConfigEnvironmentVariable] ?? Self.syncConfigDefaultPath
    }

    /// The sync config at `path`, checked whole; paths in it are relative to its directory.
    func syncConfiguration(at path: String, allowsInsecureLoopback: Bool) throws(CommandFailure) -> SyncConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try readFile(atPath: path)
        } catch {
            throw CommandFailure(exitCode: .configuration, message: "cannot read the sync config: \(error.message)")
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let parsed = bytes.withUnsafeBytes { bytes in
            Result { () throws(SyncConfigurationError) in
                try SyncConfiguration(parsing: bytes, directory: directory.isEmpty ? "/" : directory, allowInsecureLoopback: allowsInsecureLoopback)
            }
        }
        switch parsed {
        case let .success(configuration): return configuration
        case let .failure(error): throw CommandFailure(exitCode: .configuration, message: "\(path): \(error.description)")
        }
    }
}
