/// What a sync reports while it runs, for the log.
public enum SyncEvent: Sendable {
    /// A try of a source starts (`attempt` counts from 1).
    case requesting(source: String, origin: SyncConfiguration.Origin, attempt: Int, conditional: Bool)
    /// Bytes of a source's body arrived; `expected` when the server said how many.
    case receiving(source: String, received: Int64, expected: Int64?)
    /// A try failed in a way worth another one, which starts after `delay`.
    case retrying(source: String, attempt: Int, reason: String, delay: Duration)
    /// The export of a source was accepted with something its user should hear of.
    case warning(source: String, message: String)
    /// A source is done.
    case finished(SourceResult)
}
