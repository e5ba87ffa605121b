import Digests
import PaywallModel

/// The value hash of a JSON document, what tells an identical export (docs/architecture.md): SHA-256 of a canonical
/// form in which whitespace, the order of object members and the spelling of strings do not count,
/// computed from what `JSONParser` reads, as it reads it: no second pass, no second tree.
///
/// The canonical form C of a value:
/// - `null`, `true`, `false`: the byte `n`, `t` or `f`;
/// - a number: `d`, the length of its literal (8 bytes, big-endian), the literal as written. So `1.0`
///   and `1`, `1e2` and `100` differ, as in `JSONValue.isEquivalent`: the store keeps numbers as
///   written (prices), and a vendor document written back says what it said;
/// - a string: `s`, its length in UTF-8 (8 bytes, big-endian), the UTF-8 of its decoded characters, so
///   `"\u00e9"` and `"é"` are the same; Unicode normalization is not undone (`e` + U+0301 is another
///   string);
/// - an array: `[`, C of each element in order, `]`;
/// - an object: `{`, its member count (8 bytes, big-endian), then for each member SHA-256(C(name) +
///   C(value)), ordered by the names' UTF-8 bytes, repeated names (the parser keeps them) in document
///   order.
///
/// The hash is SHA-256 of C(document). Memory: a digest context per open object member, whose depth
/// the parser bounds, the names and digests of the members of open objects, and a buffer of bounded
/// size; never the document.
public final class ValueHasher: JSONObserver {
    /// The work is done by a value held in one property: a class checks exclusive access at run time
    /// on every use of a stored property, which, for millions of events, cost more than the hashing.
    private var canonicalForm = CanonicalForm()

    public init() {}

    /// The hash of the document read, in lower-case hex; asked once, after the parser has succeeded.
    public func hexDigest() -> String {
        canonicalForm.hexDigest()
    }

    public func objectStarted() { canonicalForm.objectStarted() }
    public func memberNamed(_ key: String) { canonicalForm.memberNamed(key) }
    public func objectEnded() { canonicalForm.objectEnded() }
    public func arrayStarted() { canonicalForm.write("[") }
    public func arrayEnded() { canonicalForm.write("]") }
    public func scalar(_ value: JSONValue) { canonicalForm.scalar(value) }
}

/// The canonical form of `ValueHasher`, digested as it is written.
private struct CanonicalForm {
    private struct Member {
        /// In `names`.
        let name: Range<Int>
        /// Its place in its object, for the order of repeated names.
        let ordinal: Int
        /// Where its digest starts in `digests`, once its value has ended.
        var digest = 0
    }

    /// Where an open object's members, names and digests start.
    private struct OpenObject {
        let members: Int
        let names: Int
        let digests: Int
    }

    /// `contexts[0]` digests the document, `contexts[n]` the member open at object depth n; reused.
    private var contexts = [Digest.Context(.sha256)]
    /// Canonical bytes not yet given to their context: those of depth n start at `pendingStarts[n]`.
    /// Bytes go to libcrypto in pieces of some size, not a call for each byte of punctuation.
    private var pending: [UInt8] = []
    private var pendingStarts = [0]
    /// The objects open, innermost last.
    private var openObjects: [OpenObject] = []
    /// The members of the open objects, innermost last; the last member of the innermost is open.
    private var members: [Member] = []
    private var names: [UInt8] = []
    private var digests: [UInt8] = []

    private static let digestSize = 32
    private static let pendingLimit = 1 << 16

    mutating func hexDigest() -> String {
        precondition(depth == 0 && openObjects.isEmpty, "the document has not been read whole")
        var digest: [UInt8] = []
        flushInnermost().finish(appendingTo: &digest)
        return Digest.hex(digest)
    }

    mutating func objectStarted() {
        openObjects.append(OpenObject(members: members.count, names: names.count, digests: digests.count))
    }

    mutating func memberNamed(_ key: String) {
        let object = openObjects[openObjects.count - 1]
        if members.count > object.members { finishMember() }
        let start = names.count
        var key = key
        key.withUTF8 { names.append(contentsOf: $0) }
        members.append(Member(name: start..<names.count, ordinal: members.count - object.members))
        pendingStarts.append(pending.count)
        if depth == contexts.count { contexts.append(Digest.Context(.sha256)) }
        write("s", key)
    }

    mutating func objectEnded() {
        let object = openObjects.removeLast()
        if members.count > object.members { finishMember() }
        sortMembers(from: object.members)
        write("{", count: members.count - object.members)
        for member in members[object.members...] {
            pending.append(contentsOf: digests[member.digest..<member.digest + Self.digestSize])
        }
        members.removeSubrange(object.members...)
        names.removeSubrange(object.names...)
        digests.removeSubrange(object.digests...)
        flushIfLarge()
    }

    mutating func scalar(_ value: JSONValue) {
        switch value {
        case .null: write("n")
        case let .bool(flag): write(flag ? "t" : "f")
        case let .number(literal): write("d", literal)
        case let .string(text): write("s", text)
        case .array, .object: preconditionFailure("containers are told as they start and end")
        }
    }

    /// Orders the members from `start` by the bytes of their names, repeated names in document order.
    private mutating func sortMembers(from start: Int) {
        let names = self.names
        names.withUnsafeBufferPointer { names in
            members[start...].sort { first, second in
                let one = names[first.name], other = names[second.name]
                if one.lexicographicallyPrecedes(other) { return true }
                if other.lexicographicallyPrecedes(one) { return false }
                return first.ordinal < second.ordinal
            }
        }
    }

    /// How many object members are open.
    private var depth: Int { pendingStarts.count - 1 }

    /// The open member's value has ended: its digest goes with it.
    private mutating func finishMember() {
        members[members.count - 1].digest = digests.count
        flushInnermost().finish(appendingTo: &digests)
        pendingStarts.removeLast()
    }

    /// Gives the pending bytes of the innermost open member, or of the document, to its context, and
    /// returns the context, holding the whole of what it digests.
    private mutating func flushInnermost() -> Digest.Context {
        let start = pendingStarts[depth], context = contexts[depth]
        pending.withUnsafeBytes { context.update(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        pending.removeSubrange(start...)
        return context
    }

    /// Keeps the buffer small: its bytes go to the contexts they belong to.
    private mutating func flushIfLarge() {
        guard pending.count > Self.pendingLimit else { return }
        pending.withUnsafeBytes { pending in
            for level in 0...depth {
                let end = level < depth ? pendingStarts[level + 1] : pending.count
                contexts[level].update(UnsafeRawBufferPointer(rebasing: pending[pendingStarts[level]..<end]))
            }
        }
        pending.removeAll(keepingCapacity: true)
        for level in 0...depth { pendingStarts[level] = 0 }
    }

    private mutating func write(_ tag: Unicode.Scalar, _ text: String) {
        var text = text
        text.withUTF8 { write(tag, UnsafeRawBufferPointer($0)) }
    }

    private mutating func write(_ tag: Unicode.Scalar, _ bytes: UnsafeRawBufferPointer) {
        write(tag, count: bytes.count)
        pending.append(contentsOf: bytes)
        flushIfLarge()
    }

    private mutating func write(_ tag: Unicode.Scalar, count: Int) {
        write(tag)
        withUnsafeBytes(of: UInt64(count).bigEndian) { pending.append(contentsOf: $0) }
    }

    mutating func write(_ tag: Unicode.Scalar) {
        pending.append(UInt8(ascii: tag))
    }
}
