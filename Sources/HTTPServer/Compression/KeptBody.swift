import Basics
import Synchronization

/// A body sent in answer to many requests (a kept report): its bytes, written once and sent to each by
/// reference rather than copied per connection, and their gzip form, made the first time a request
/// accepts it and kept beside them.
package final class KeptBody: SegmentedBytes, @unchecked Sendable {
    /// Written once, here, and freed with the body: answers being sent point into them.
    private let bytes: UnsafeRawBufferPointer
    /// Nil until a request accepts gzip; then the gzip form, or nil inside when zlib could not make it.
    private let gzipForm = Mutex<KeptBody??>(nil)

    package init(_ body: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: body.count, alignment: 1)
        body.withUnsafeBytes { storage.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(storage)
    }

    deinit {
        bytes.deallocate()
    }

    package var segments: [UnsafeRawBufferPointer] { [bytes] }
    package var byteCount: Int { bytes.count }

    /// The body as a request whose `Accept-Encoding` field is `field` takes it, and the fields its coding calls
    /// for. The gzip form is made here the first time: on the caller's thread, which should not be an event loop's.
    package func representation(accepting field: String?) -> (body: KeptBody, headers: [(name: String, value: String)]) {
        guard ContentCoding(forBodyOf: byteCount, accepting: field) == .gzip, let gzipped = gzipped() else { return (self, []) }
        return (gzipped, ContentCoding.gzip.headers)
    }

    private func gzipped() -> KeptBody? {
        gzipForm.withLock { form in
            if let form { return form }
            let made = Gzip.encoded(segments).map(KeptBody.init)
            form = .some(made)
            return made
        }
    }
}
