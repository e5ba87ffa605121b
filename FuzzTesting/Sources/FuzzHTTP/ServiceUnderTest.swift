#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import HTTPServer
import LocaleKit
import PaywallEvents
import PaywallModel
@testable import PaywallServer
import PaywallStore
import PaywallSync

/// serve's `PaywallService` over a store holding the sample export, with an app token and an admin token, and the
/// same without tokens, whose console pages are open to every request: what answers the requests read.
/// Events are refused (their store cannot be opened: batches are read, nothing is kept) and the report finds no
/// events, so that no input leaves anything behind for the next.
enum ServiceUnderTest {
    static let appToken = "fuzz-token"
    static let adminToken = "fuzz-admin"

    static let service = make(withTokens: true)
    static let openService = make(withTokens: false)

    private static func make(withTokens: Bool) -> PaywallService {
        let scratch = scratchDirectory(withTokens ? "fuzz-http" : "fuzz-http-open")
        let storePath = scratch + "/store"
        let samplePath = scratch + "/sample-export.json"
        write(repositoryFile("sync-config/sample-export.json"), to: samplePath)
        write(Array(appToken.utf8), to: scratch + "/app-token")
        write(Array(adminToken.utf8), to: scratch + "/admin-token")
        let tokens = withTokens ? try! ServiceTokens(appFile: scratch + "/app-token", adminFile: scratch + "/admin-token")
            : try! ServiceTokens(appFile: nil, adminFile: nil)
        let decoded = try! ExportFile(path: samplePath).decode(format: .auto, policy: .standard)
        _ = try! PaywallStore.open(at: storePath, create: true).publish(decoded, source: "local")
        let holder = SnapshotHolder(), metrics = ServiceMetrics(), freshness = SourceFreshness()
        SnapshotReloader(storePath: storePath, policy: .standard, holder: holder, metrics: metrics, freshness: freshness,
                         interval: .seconds(3600)) { _, _ in }.loadNow()
        precondition(holder.served != nil, "no snapshot served")
        let events = EventWriter { () throws(StoreError) in throw StoreError(kind: .unreachable, message: "events are not kept here") }
        return PaywallService(tokens: tokens, holder: holder, metrics: metrics, freshness: freshness, maxStaleness: nil,
                              storePath: storePath, policy: .standard, events: events,
                              eventStore: .storeDirectory(scratch + "/no-events"))
    }

    private static func write(_ bytes: [UInt8], to path: String) {
        let file = fopen(path, "wb")!
        precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count && fclose(file) == 0, "cannot write \(path)")
    }
}
