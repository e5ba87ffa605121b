/// Told what `JSONParser` reads, in document order, as it reads it, streamed collections included:
/// for what is computed over a whole document (its value hash) in the one pass that decodes it.
public protocol JSONObserver: AnyObject {
    func objectStarted()
    /// A member's name; its value follows.
    func memberNamed(_ key: String)
    func objectEnded()
    func arrayStarted()
    func arrayEnded()
    /// Null, a boolean, a number (its literal) or a string (decoded).
    func scalar(_ value: JSONValue)
}
