import Foundation
import Testing

/// Replicas agree (docs/contracts.md "Scale-out"): two `serve` processes on stores that got the same export at
/// other times, under other snapshot numbers, after other histories, give every request the same ETag
/// and the same bundle but for the `snapshot` member (which says where and when it was synced), and
/// each one takes the other's ETag for a 304.
@Suite final class ServeReplicaTests {
    let first = try! TemporaryStore()
    let second = try! TemporaryStore()

    static let targets = [
        "/v1/placements/onboarding/bundle?locale=pt-BR&profile_id=u1",
        "/v1/placements/onboarding/bundle?locale=zh-TW&profile_id=u2&country=TW",
        "/v1/placements/onboarding/bundle?locale=es-MX&profile_id=u3&platform=android&app_version=2.4.1",
        "/v1/placements/settings/bundle?locale=de-AT",
        "/v1/placements/settings/bundle?locale=ar-EG&profile_id=u4",
    ]

    /// The bundle's text up to its `snapshot` member.
    static func content(_ body: String) -> String {
        String(body[..<(body.range(of: #","snapshot":{"#)?.lowerBound ?? body.endIndex)])
    }

    @Test func replicasWithOtherHistoriesGiveTheSameAnswersAndTags() throws {
        try first.importExport()
        // The second replica saw another export first, then the same one a moment later.
        try second.importExport(TemporaryStore.flowFilePath)
        Thread.sleep(forTimeInterval: 1.1)
        try second.importExport()
        let replicas = [try ServeProcess(store: first.path), try ServeProcess(store: second.path)]
        for target in Self.targets {
            let answers = try replicas.map { try $0.request("GET", target) }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(target): \(answers.map(\.status))")
            let tags = answers.compactMap { $0.header("ETag") }
            #expect(tags.count == 2 && tags[0] == tags[1], "\(target): \(tags)")
            #expect(Self.content(answers[0].body) == Self.content(answers[1].body), "\(target)")
            #expect(answers[0].body != answers[1].body, "the snapshot members say 000001 and 000002")
            for (replica, tag) in zip(replicas.reversed(), tags) {
                let revalidated = try replica.request("GET", target, headers: ["If-None-Match: \(tag)"])
                #expect(revalidated.status == 304, "\(target)")
            }
        }
    }
}
