import Foundation
import Testing

/// `Accept-Encoding: gzip` (docs/contracts.md): bodies over 1 kB gzipped when the request accepts them,
/// q-values honoured; the gzip form of a bundle has its own strong ETag, and `If-None-Match` works for
/// both forms; every route's answer says it varies by `Accept-Encoding`.
@Suite final class ServeCompressionTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        server = try ServeProcess(store: store.path)
    }

    static let bundle = "/v1/placements/onboarding/bundle?locale=pt_BR"

    /// The gzip member `bytes` holds, decoded by Python's zlib (a decoder that is not ours).
    static func gunzipped(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import gzip, sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let decoded = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "not a gzip member")
        return Array(decoded)
    }

    @Test func aBundleIsGzippedWithATagOfItsOwn() throws {
        let plain = try server.request("GET", Self.bundle)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        let gzipped = try server.request("GET", Self.bundle, headers: ["Accept-Encoding: gzip, deflate"])
        #expect(gzipped.status == 200)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(gzipped.bodyBytes.count < plain.bodyBytes.count / 2, "\(gzipped.bodyBytes.count) of \(plain.bodyBytes.count) bytes")
        #expect(try Self.gunzipped(gzipped.bodyBytes) == plain.bodyBytes)
        let plainTag = try #require(plain.header("ETag")), gzipTag = try #require(gzipped.header("ETag"))
        #expect(gzipTag == String(plainTag.dropLast()) + "-gzip\"")
        // Each tag validates its own form: a client holding the other form gets the whole answer.
        #expect(try server.request("GET", Self.bundle, headers: ["Accept-Encoding: gzip", "If-None-Match: \(gzipTag)"]).status == 304)
        #expect(try server.request("GET", Self.bundle, headers: ["If-None-Match: \(plainTag)"]).status == 304)
        #expect(try server.request("GET", Self.bundle, headers: ["Accept-Encoding: gzip", "If-None-Match: \(plainTag)"]).status == 200)
        // The same answer again: the kept form, byte for byte.
        #expect(try server.request("GET", Self.bundle, headers: ["Accept-Encoding: gzip"]).bodyBytes == gzipped.bodyBytes)
        // Without a locale the bundle varies by Accept-Language too: one field names both.
        let byHeader = try server.request("GET", "/v1/placements/onboarding/bundle", headers: ["Accept-Encoding: gzip"])
        #expect(byHeader.header("Vary") == "Accept-Language, Accept-Encoding")
    }

    @Test(arguments: [
        ("gzip;q=0", false), ("br", false), ("*", true), ("*;q=0.5", true), ("GZIP;Q=0.001", true), ("x-gzip", true),
        ("gzip;q=0, *", false), ("identity", false), ("deflate, gzip;q=1.0", true), ("gzip;q=2", true), ("", false),
    ])
    func qValuesAreHonoured(_ field: String, _ gzips: Bool) throws {
        let response = try server.request("GET", Self.bundle, headers: ["Accept-Encoding: \(field)"])
        #expect(response.status == 200)
        #expect((response.header("Content-Encoding") == "gzip") == gzips, "Accept-Encoding: \(field)")
    }

    /// Under 1 kB an answer goes plain, unless the request refuses it plain (`identity;q=0`).
    @Test func aSmallBodyIsGzippedOnlyWhenPlainIsRefused() throws {
        #expect(try server.request("GET", "/healthz", headers: ["Accept-Encoding: gzip"]).header("Content-Encoding") == nil)
        let refused = try server.request("GET", "/healthz", headers: ["Accept-Encoding: gzip, identity;q=0"])
        #expect(refused.header("Content-Encoding") == "gzip")
        #expect(String(decoding: try Self.gunzipped(refused.bodyBytes), as: UTF8.self) == #"{"status":"ok"}"#)
    }

    /// A route's own body over 1 kB is gzipped as it is made; errors are not.
    @Test func otherRoutesAreGzippedToo() throws {
        let plain = try server.request("GET", "/metrics")
        let gzipped = try server.request("GET", "/metrics", headers: ["Accept-Encoding: gzip"])
        #expect(plain.bodyBytes.count > 1024)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(String(decoding: try Self.gunzipped(gzipped.bodyBytes), as: UTF8.self).contains("paywalls_requests_total"))
        let missing = try server.request("GET", "/v1/placements/nowhere/bundle", headers: ["Accept-Encoding: gzip, identity;q=0"])
        #expect(missing.status == 404)
        #expect(missing.header("Content-Encoding") == nil)
    }
}
