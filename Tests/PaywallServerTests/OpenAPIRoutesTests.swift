import HTTPServer
@testable import PaywallServer
import FixtureSupport
import Foundation
import Testing

/// docs/openapi.json and the routes the service registers describe one API: each route's path and every method it
/// takes are in the document, and the document has no path or method that no route takes. The document built into
/// the binary is the file itself. The console's HTML pages (`/console/`) are for browsers, not an API operation: the
/// document leaves them out.
@Suite("The OpenAPI document against the service's routes")
struct OpenAPIRoutesTests {
    static let file = Repository.file("docs/openapi.json")

    static func documentedOperations() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in item.keys.map { "\($0.uppercased()) \(path)" } })
    }

    @Test func everyRouteAndMethodIsDocumentedAndNothingElse() throws {
        let apiRoutes = PaywallServiceTests.service().routes.filter { $0.pattern != "/console/" }
        let registered = Set(apiRoutes.flatMap { route in route.methods.map { "\($0) \(route.pattern)" } })
        let documented = try Self.documentedOperations()
        #expect(registered.subtracting(documented).isEmpty, "routes the document lacks: \(registered.subtracting(documented).sorted())")
        #expect(documented.subtracting(registered).isEmpty, "operations no route takes: \(documented.subtracting(registered).sorted())")
        #expect(registered.count == 20)
    }

    @Test func theBuiltInDocumentIsTheFile() throws {
        #expect(Array(OpenAPIDocument.text.utf8) == [UInt8](try Data(contentsOf: Self.file)))
    }
}
