import FixtureSupport
import Foundation
import Testing

/// docs/openapi.json, the one description of serve's HTTP API: valid OpenAPI 3.1 by an outside validator, of this
/// build's version, served byte for byte by a real serve to anyone, and describing only what that serve answers.
@Suite("The OpenAPI document")
struct OpenAPIDocumentTests {
    static let path = Repository.file("docs/openapi.json").path

    static func document() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// openapi-spec-validator (installed in .venv by scripts/bootstrap) finds it valid OpenAPI 3.1.
    @Test func isValidOpenAPI31() throws {
        let outcome = try ProjectTools.run("openapi-spec-validator", [Self.path])
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("OK"))
        #expect(try Self.document()["openapi"] as? String == "3.1.0")
    }

    /// The version is written once, in Sources/paywalls/Version.swift: the document says the one `--version` prints.
    @Test func versionIsTheBuilds() throws {
        let info = try #require(try Self.document()["info"] as? [String: Any])
        let printed = try PaywallsProcess.run(["--version"])
        #expect(printed.status == 0)
        #expect(info["version"] as? String == printed.outputLines.first, "bump info.version in docs/openapi.json with Version.number")
    }

    /// `GET /v1/openapi.json` sends the file as it is in the repository (built into the binary), to a caller
    /// without a token even when serve has both; revalidated by its ETag, gzipped with a tag of its own.
    @Test func isServedAsInTheRepositoryToAnyone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcess(["--token-file", try ServeTokenTests.tokenFile("app-token", in: directory, named: "app.token"),
                                       "--admin-token-file", try ServeTokenTests.tokenFile("admin-token", in: directory, named: "admin.token")])
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path)))

        let plain = try server.request("GET", "/v1/openapi.json")
        #expect(plain.status == 200)
        let isTheFile = plain.bodyBytes == file
        #expect(isTheFile, "the served document is not docs/openapi.json (\(plain.bodyBytes.count) bytes, the file \(file.count))")
        #expect(plain.header("Content-Type") == "application/json; charset=utf-8")
        #expect(plain.header("Cache-Control") == "private, no-cache")
        #expect(plain.header("Vary") == "Accept-Encoding")
        let tag = try #require(plain.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)

        let revalidated = try server.request("GET", "/v1/openapi.json", headers: ["If-None-Match: \(tag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.bodyBytes.isEmpty)
        #expect(revalidated.header("ETag") == tag)

        let gzipped = try server.request("GET", "/v1/openapi.json", headers: ["Accept-Encoding: gzip"])
        #expect(gzipped.status == 200)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("ETag") == String(tag.dropLast()) + "-gzip\"")
        #expect(gzipped.bodyBytes.count < file.count / 4)
        #expect(try server.request("GET", "/v1/openapi.json", headers: ["Accept-Encoding: gzip", "If-None-Match: \(tag)"]).status == 200)

        let head = try server.request("HEAD", "/v1/openapi.json")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(file.count))

        let unknown = try server.request("GET", "/v1/openapi.json?format=yaml")
        #expect(unknown.status == 400)
        #expect(unknown.errorMessage == "unknown query parameter 'format'")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// Every path and method of the document is answered by its route on a real serve (never 404 `not_found` nor
    /// 405), with a status the document lists for the operation.
    @Test func everyOperationIsAnswered() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let adminToken = try ServeTokenTests.tokenFile("admin-token", in: store.directory, named: "admin.token")
        let server = try ServeProcess(["--admin-token-file", adminToken], store: store.path)
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        var answered = 0
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            let target = path.replacingOccurrences(of: "{id}", with: "onboarding")
            for (method, operation) in item {
                let operation = try #require(operation as? [String: Any])
                let body = switch path {
                case "/v1/events": #"{"events": []}"#
                case "/v1/bundles": #"{"requests": [{"placement": "onboarding"}]}"#
                default: ""
                }
                let response = try server.request(method.uppercased(), target, headers: ["Authorization: Bearer admin-token"], body: body)
                #expect(response.errorCode != "not_found" && response.status != 405, "\(method) \(path): \(response.status) \(response.body)")
                let documented = try #require(operation["responses"] as? [String: Any])
                #expect(documented[String(response.status)] != nil, "\(method) \(path) answered \(response.status), which the document does not list")
                answered += 1
            }
        }
        #expect(answered == 20)
    }
}

/// The programs of the project's own virtual environment (.venv, made by scripts/bootstrap): the API checkers.
enum ProjectTools {
    static func run(_ program: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> PaywallsProcess.Outcome {
        let executable = Repository.file(".venv/bin/\(program)")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "\(executable.path) is missing: run scripts/bootstrap")
        return try PaywallsProcess.run(arguments, timeout: timeout, executable: executable)
    }
}
