import FixtureSupport
import Foundation
import Testing

/// Requests that would make serve work far longer than a request should (docs/contracts.md): a placement id past
/// 256 bytes is refused wherever a request names one, before any look-up or suggestion; a batch's answer is bounded;
/// a batch and its gzip are made off the event loop. Each case ends with the process answering, and the cases of
/// many hostile requests at once have a /healthz on another connection answered while they are in (one event
/// loop, `--threads 1`, so that a loop held by them would hold it too).
@Suite final class ServeBoundedWorkTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// The error object of an answer, required.
    static func error(_ response: RawResponse) throws -> [String: Any] {
        try #require(try response.json()["error"] as? [String: Any], "\(response.status): \(response.body.prefix(300))")
    }

    /// Sends each of `requests` whole on a connection of its own, then (once the server has had time to start on
    /// them) a /healthz on another: that answer, its seconds, and the answers to `requests`, each awaited up to a minute.
    static func healthz(whileServing requests: [String], on server: ServeProcess) throws -> (healthz: RawResponse?, seconds: Double, answers: [RawResponse?]) {
        let connections = try requests.map { request in
            let connection = try server.connect()
            try connection.send(request)
            return connection
        }
        Thread.sleep(forTimeInterval: 0.1)
        let started = Date()
        let healthz = try server.connect()
        try healthz.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let answer = try healthz.readResponse(timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        let isHead = requests.map { $0.hasPrefix("HEAD ") }
        return (answer, seconds, try zip(connections, isHead).map { try $0.readResponse(timeout: 60, isHead: $1) })
    }

    static func post(_ target: String, _ body: String, headers: [String] = []) -> String {
        (["POST \(target) HTTP/1.1", "Host: t", "Content-Length: \(body.utf8.count)"] + headers).joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    static func batch(_ items: [String]) -> String {
        #"{"requests":[\#(items.joined(separator: ","))]}"#
    }

    @Test func aPlacementIDPast256BytesIsRefusedWhereverARequestNamesOne() throws {
        let server = try ServeProcess(store: store.path)
        let path = try server.request("GET", "/v1/placements/\(String(repeating: "a", count: 8_000))/bundle")
        #expect(path.status == 400)
        #expect(try Self.error(path)["message"] as? String == "invalid value '\(String(repeating: "a", count: 32))…' for the placement id: "
            + "expected a placement id of at most 256 bytes (this one has 8000)")
        // Counted in bytes once decoded: 129 × é is 258 of them, 128 × é the most an id may have.
        let accented = try server.request("GET", "/v1/placements/\(String(repeating: "%C3%A9", count: 129))/bundle")
        #expect(accented.status == 400)
        #expect((try Self.error(accented)["message"] as? String)?.hasSuffix("at most 256 bytes (this one has 258)") == true)
        let atTheLimit = try server.request("GET", "/v1/placements/\(String(repeating: "%C3%A9", count: 128))/bundle")
        #expect(atTheLimit.status == 404)
        #expect(try Self.error(atTheLimit)["code"] as? String == "unknown_placement")

        let items = (0..<20).map { _ in #"{"placement":"\#(String(repeating: "b", count: 1_000))"}"# } + [#"{"placement":"onboarding"}"#]
        let batch = try server.request("POST", "/v1/bundles", body: Self.batch(items))
        #expect(batch.status == 200)
        let bundles = try #require(try batch.json()["bundles"] as? [[String: Any]])
        #expect(bundles.count == 21)
        for (index, bundle) in bundles.prefix(20).enumerated() {
            let error = try #require(bundle["error"] as? [String: Any])
            #expect(error["status"] as? Int == 400)
            #expect(error["message"] as? String == "invalid value '\(String(repeating: "b", count: 32))…' for /requests/\(index)/placement: "
                + "expected a placement id of at most 256 bytes (this one has 1000)")
        }
        #expect(bundles.last?["placementId"] as? String == "onboarding")

        let report = try server.request("GET", "/v1/report?placement=\(String(repeating: "c", count: 300))")
        #expect(report.status == 400)
        #expect((try Self.error(report)["message"] as? String)?.hasSuffix("for placement: expected a placement id of at most 256 bytes (this one has 300)") == true)
        #expect(try server.request("GET", "/v1/report?placement=\(String(repeating: "c", count: 256))").status == 200)

        let cli = try store.run(["resolve", "--placement", String(repeating: "d", count: 300)])
        #expect(cli.status == 64)
        #expect(cli.standardError.contains("invalid value '\(String(repeating: "d", count: 32))…' for --placement: "
            + "expected a placement id of at most 256 bytes (this one has 300)"), "\(cli.standardError)")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// Bundles of an 8,000-byte id and batches of twenty 1,000-byte ids, several at once: refused at once, the loop free.
    @Test func longIDsLeaveTheLoopFree() throws {
        let server = try ServeProcess(["--threads", "1"], store: store.path)
        let get = "GET /v1/placements/\(String(repeating: "a", count: 8_000))/bundle HTTP/1.1\r\nHost: t\r\n\r\n"
        let post = Self.post("/v1/bundles", Self.batch((0..<20).map { _ in #"{"placement":"\#(String(repeating: "a", count: 1_000))"}"# }))
        let (healthz, seconds, answers) = try Self.healthz(whileServing: [get, post, get, post, get, post], on: server)
        #expect(healthz?.status == 200)
        #expect(seconds < 2, "/healthz waited \(seconds) s behind the long ids")
        #expect(answers.map { $0?.status } == [400, 200, 400, 200, 400, 200])
        #expect(server.running.isRunning)
    }

    /// Localizations to match among, as many as a request line holds (about 2,000), each costing the matcher ICU's
    /// time: matched beside the loop, which answers /healthz meanwhile; the answer is the command's.
    @Test func longLocaleListsLeaveTheLoopFree() throws {
        let server = try ServeProcess(["--threads", "1"], store: store.path)
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let tags = letters.flatMap { first in letters.flatMap { second in letters.map { first + second + $0 } } }.prefix(1_900) + ["pt-BR", "en"]
        let target = "/v1/locales/match?available=\(tags.joined(separator: ","))&locale=pt_BR&mode=cldr"
        let get = "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n"
        let (healthz, seconds, answers) = try Self.healthz(whileServing: Array(repeating: get, count: 12), on: server)
        #expect(healthz?.status == 200)
        #expect(seconds < 1, "/healthz waited \(seconds) s behind the locale lists")
        #expect(answers.allSatisfy { $0?.status == 200 })
        let cli = try store.run(["locale", "match", "--json", "--available", tags.joined(separator: ","), "pt_BR"])
        let answer = try #require(answers.first ?? nil)
        #expect(try canonicalJSON(answer.body) == (try canonicalJSON(cli.standardOutput)))
        #expect(try answer.json()["matched"] as? String == "pt-BR")
    }

    /// A store whose onboarding bundle holds the headline of its remote configs `length` times over (about 15 kB by
    /// default): seeded random letters, which gzip has work to compress.
    func storeWithLargeBundles(headline length: Int = 6_000) throws -> TemporaryStore {
        let large = try TemporaryStore()
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let headline = "\"Sleep better, starting tonight\""
        try #require(sample.contains(headline))
        var generator = SplitMix64(state: 42)
        let letters = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(generator.next() % 26))) })
        try large.importExport(try large.write(sample.replacingOccurrences(of: headline, with: "\"\(letters)\""), to: "large.json"))
        return large
    }

    /// 1,000 requests of that bundle pass 4 MiB: 413 at the request that would pass it, before the rest are made;
    /// as many as fit are answered whole, and alike gzipped.
    @Test func aBatchWhoseAnswerPasses4MiBIs413() throws {
        let large = try storeWithLargeBundles()
        let server = try ServeProcess(store: large.path)
        let bundleBytes = try server.request("GET", "/v1/placements/onboarding/bundle").bodyBytes.count
        #expect(bundleBytes > 12_000)
        let item = #"{"placement":"onboarding"}"#
        let refused = try server.request("POST", "/v1/bundles", body: Self.batch(Array(repeating: item, count: 1_000)))
        #expect(refused.status == 413)
        // `{"bundles":[` then each bundle after a comma: the first that does not fit.
        let limit = 4 << 20
        let index = (1...).first { 12 + $0 * (bundleBytes + 1) + bundleBytes > limit }!
        #expect(try Self.error(refused)["message"] as? String
            == "the answer to this batch passes \(limit) bytes at /requests/\(index) (of 1000 requests): send fewer requests per batch")
        #expect(try Self.error(refused)["code"] as? String == "content_too_large")

        let fitting = Self.batch(Array(repeating: item, count: index))
        let plain = try server.request("POST", "/v1/bundles", body: fitting)
        #expect(plain.status == 200)
        #expect((try plain.json()["bundles"] as? [Any])?.count == index)
        #expect(plain.bodyBytes.count <= limit)
        let gzipped = try server.request("POST", "/v1/bundles", headers: ["Accept-Encoding: gzip"], body: fitting)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(try ServeCompressionTests.gunzipped(gzipped.bodyBytes) == plain.bodyBytes)
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// A bundle over 16 KiB is gzipped the first time on another thread, then sent from its kept form; an answer of
    /// its own that large (`explain=true`) is gzipped on another thread each time. Each comes with the fields every
    /// answer has, and decodes to the plain answer.
    @Test func largeAnswersAreGzippedAsSmallOnesAre() throws {
        let large = try storeWithLargeBundles(headline: 40_000)
        let server = try ServeProcess(store: large.path)
        for target in ["/v1/placements/onboarding/bundle?locale=en", "/v1/placements/onboarding/bundle?locale=en&explain=true"] {
            let plain = try server.request("GET", target)
            #expect(plain.bodyBytes.count > 16 * 1024)
            let first = try server.request("GET", target, headers: ["Accept-Encoding: gzip"])
            let again = try server.request("GET", target, headers: ["Accept-Encoding: gzip"])
            #expect(first.status == 200 && first.header("Content-Encoding") == "gzip", "\(target)")
            #expect(first.header("Vary") == "Accept-Encoding" && first.header("Cache-Control") == "no-cache", "\(target)")
            #expect(again.bodyBytes == first.bodyBytes)
            #expect(try ServeCompressionTests.gunzipped(first.bodyBytes) == plain.bodyBytes)
            guard let plainTag = plain.header("ETag") else { continue }
            let gzipTag = String(plainTag.dropLast()) + "-gzip\""
            #expect(first.header("ETag") == gzipTag)
            #expect(try server.request("GET", target, headers: ["Accept-Encoding: gzip", "If-None-Match: \(gzipTag)"]).status == 304)
        }
    }

    /// Sixteen batches of 4 MB answers, gzipped, at once: made and compressed beside the loop, which answers /healthz.
    /// Each bundle is longer than gzip's window, so that the answers compress no faster than a real batch's.
    @Test func batchesAndTheirGzipAreMadeOffTheLoop() throws {
        let large = try storeWithLargeBundles(headline: 40_000)
        let server = try ServeProcess(["--threads", "1"], store: large.path)
        let bundleBytes = try server.request("GET", "/v1/placements/onboarding/bundle").bodyBytes.count
        let body = Self.batch(Array(repeating: #"{"placement":"onboarding"}"#, count: (4 << 20) / (bundleBytes + 1) - 1))
        let batch = Self.post("/v1/bundles", body, headers: ["Accept-Encoding: gzip"])
        let (healthz, seconds, answers) = try Self.healthz(whileServing: Array(repeating: batch, count: 16), on: server)
        #expect(healthz?.status == 200)
        #expect(seconds < 1, "/healthz waited \(seconds) s behind the batches")
        #expect(answers.allSatisfy { $0?.status == 200 && $0?.header("Content-Encoding") == "gzip" })
        let plain = try server.request("POST", "/v1/bundles", body: body)
        #expect(try ServeCompressionTests.gunzipped(try #require(answers.first??.bodyBytes)) == plain.bodyBytes)
    }
}
