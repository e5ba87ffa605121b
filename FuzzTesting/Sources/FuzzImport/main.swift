#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import LocaleKit
import PaywallModel
import PaywallStore
import PaywallSync

// A file of either export format (paywall-export v1, the vendor's fallback files of formats 8 to 11) as
// `paywalls import` reads it: mapped, decoded whole with its value hash, the cross-reference checks, the resolution
// aids worked out, then published into a store. Whatever the bytes, the export or its problems; the same JSON value
// spelled otherwise decodes to the same outcome and hash; what decodes publishes, once.

let scratch = scratchDirectory("fuzz-import")
// libFuzzer runs the test on this thread, one input at a time.
nonisolated(unsafe) let store = try! PaywallStore.open(at: scratch + "/store", create: true)
let exportPath = scratch + "/export.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let outcome = decode(bytes)
    if case let .failure(refusal) = outcome {
        precondition(refusal.kind == .invalid && !refusal.message.isEmpty, "refused with \(refusal)")
    }
    // The same value respelled (compact) reads the same.
    if let document = try? JSONParser.parse(bytes) {
        let respelled = Array(document.rendered().utf8).withUnsafeBytes { decode($0) }
        switch (outcome, respelled) {
        case let (.success(first), .success(second)):
            precondition(first.export == second.export, "the export respelled decodes to another model")
            precondition(first.contentHash == second.contentHash, "the export respelled has another value hash")
        case let (.failure(first), .failure(second)):
            precondition(first == second, "the export respelled has other problems:\n\(first)\n\(second)")
        default:
            preconditionFailure("the export respelled reads otherwise: \(outcome) / \(respelled)")
        }
    }
    guard case let .success(decoded) = outcome else { return 0 }
    // Published, or the current snapshot already (the same input run again).
    switch try! store.publish(decoded, source: "fuzz", retention: 1) {
    case let .published(snapshot), let .unchanged(snapshot):
        precondition(snapshot.contentHash == decoded.contentHash, "published as another snapshot")
    }
    guard case .unchanged = try! store.publish(decoded, source: "fuzz", retention: 1) else {
        preconditionFailure("the same export was published twice")
    }
    return 0
}

/// The export in `bytes`, as `import` reads it from a file.
func decode(_ bytes: UnsafeRawBufferPointer) -> Result<DecodedExport, ExportFileError> {
    let file = fopen(exportPath, "wb")!
    precondition(fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count && fclose(file) == 0, "cannot write \(exportPath)")
    return Result { () throws(ExportFileError) in try ExportFile(path: exportPath).decode(format: .auto, policy: .standard) }
}

runFuzzer(fuzzImport)
