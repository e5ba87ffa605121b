import FixtureSupport
import Foundation
import Testing

/// The cluster test of docs/contracts.md: `scripts/cluster-demo` runs two `serve` replicas, each synced from
/// `scripts/test-server` into a store of its own, behind nginx with `scripts/deploy/nginx-paywalls.conf`,
/// both writing their events to one PostgreSQL, and kills one with -9 while wrk puts load on nginx (4 s, 8
/// connections): no client request may fail. Overlapping batches sent to both replicas are stored once, and one
/// report counts them all.
@Suite struct ClusterDemoTests {
    static let script = Repository.file("scripts/cluster-demo").path

    @Test func killingAReplicaUnderLoadCostsNoRequest() throws {
        let outcome = try PaywallsProcess.withTemporaryDirectory { directory in
            try PaywallsProcess.Running([], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"], in: directory,
                                        launcher: [Self.script, "--seconds", "4", "--paywalls"]).wait(timeout: 120)
        }
        #expect(outcome.status == 0, "\(outcome.standardOutput.suffix(600))\n\(outcome.standardError.suffix(1500))")
        let summary = outcome.outputLines.first { $0.hasSuffix(" non-2xx answers, 0 socket errors") }
        let requests = summary.flatMap { Int($0.prefix { $0 != " " }) } ?? 0
        #expect(summary?.contains(", 0 non-2xx answers,") == true, "\(outcome.standardOutput)")
        #expect(requests > 100, "\(outcome.standardOutput)")
        #expect(outcome.outputLines.last?.hasPrefix("cluster-demo: OK: ") == true)
        #expect(outcome.outputLines.contains { $0.hasPrefix("after the kill: nginx answers 200; replica 2 says {\"status\":\"ready\"") })
        #expect(outcome.outputLines.contains(#"replica 2: POST /v1/events: {"accepted":267,"duplicates":133,"rejected":[],"rejectedCount":0}"#), "\(outcome.standardOutput)")
        #expect(outcome.outputLines.contains { $0.hasPrefix("onboarding: 500 exposures, 167 conversions, 0 multiple exposures") })
        #expect(outcome.outputLines.contains("events stored: 667, each once (667 distinct sent)"))
    }
}
