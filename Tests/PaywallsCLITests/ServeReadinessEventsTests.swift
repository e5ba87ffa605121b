import Foundation
import Testing

/// `/readyz` says 503 `events_unavailable` while events cannot be stored, as on a full disk: here a file-size
/// limit the growing events.sqlite meets. Bundles are answered meanwhile.
@Suite struct ServeReadinessEventsTests {
    @Test func aFailedEventCommitMakesTheServerNotReady() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let server = try ServeProcess(store: store.path, launcherPrefix: SyncSafetyTests.fileSizeLimit(kilobytes: 32))
        #expect(try server.request("GET", "/readyz").status == 200)

        let batch = ServeEventsTests.batch((0..<500).map { "event-\($0)-\(String(repeating: "x", count: 100))" })
        let refused = try server.request("POST", "/v1/events", body: batch)
        try #require(refused.status == 503, "\(refused.body)")

        let readiness = try server.request("GET", "/readyz")
        #expect(readiness.status == 503)
        #expect(readiness.errorCode == "events_unavailable")
        let message = try #require(readiness.errorMessage)
        #expect(message.hasPrefix("the event store cannot take events: the last commit failed: cannot use the store at \(store.path)/events.sqlite"),
                "\(message)")
        #expect(message.hasSuffix("disk I/O error (files are limited to 32768 bytes here: ulimit -f)"), "\(message)")
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle").status == 200)
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
