import PaywallStore

extension StoreError {
    /// A failure of the database at `address`, named by its URL (which holds no password).
    init(_ error: PostgresError, at address: PostgresAddress) {
        self.init(kind: error.lostConnection ? .unreachable : .io, message: "PostgreSQL at \(address): \(error.message)")
    }
}
