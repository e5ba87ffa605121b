import PaywallStore

/// Where the events are: `events.sqlite` in a store directory (the default), or a PostgreSQL database that
/// several replicas share (`--events-url`).
public enum EventStoreLocation: Sendable, Equatable, CustomStringConvertible {
    case storeDirectory(String)
    case postgres(PostgresAddress)

    /// Opens the store, creating its tables (not the store directory) when missing and `create` says so; without
    /// `create`, a store without them has no events yet (`missing`).
    public func open(create: Bool = true) throws(StoreError) -> any EventStore {
        switch self {
        case let .storeDirectory(directory): try SQLiteEventStore.open(inStore: directory, create: create)
        case let .postgres(address): try PostgresEventStore.open(address, create: create)
        }
    }

    public var description: String {
        switch self {
        case let .storeDirectory(directory): (directory.hasSuffix("/") ? directory : directory + "/") + SQLiteEventStore.fileName
        case let .postgres(address): address.url
        }
    }
}
