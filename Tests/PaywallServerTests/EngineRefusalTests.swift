@testable import HTTPServer
@testable import PaywallServer
import Testing

/// Each refusal of the HTTP engine, as the service answers it: the JSON error body of docs/contracts.md, byte for byte
/// what clients got when the engine threw the service's own errors, with `Retry-After` where the engine gives one and
/// `Cache-Control: no-store` on all.
@Suite("The engine's refusals as the service's JSON errors")
struct EngineRefusalTests {
    static let service = PaywallServiceTests.service()

    @Test(arguments: [
        (HTTPError.badRequest("the request line starts with a space"), #"{"error":{"status":400,"code":"bad_request","message":"the request line starts with a space"}}"#, nil),
        (.requestTimeout("the request head did not arrive within 10 seconds of its first byte"),
         #"{"error":{"status":408,"code":"request_timeout","message":"the request head did not arrive within 10 seconds of its first byte"}}"#, nil),
        (.contentTooLarge(limit: 1_048_576), #"{"error":{"status":413,"code":"content_too_large","message":"the request body is larger than 1048576 bytes"}}"#, nil),
        (.uriTooLong(limit: 8192), #"{"error":{"status":414,"code":"uri_too_long","message":"the request line is longer than 8192 bytes"}}"#, nil),
        (.expectationFailed("the expectation \"x\" cannot be met; only 100-continue can"),
         #"{"error":{"status":417,"code":"expectation_failed","message":"the expectation \"x\" cannot be met; only 100-continue can"}}"#, nil),
        (.headerFieldsTooLarge(limit: 16384),
         #"{"error":{"status":431,"code":"header_fields_too_large","message":"the request's header fields are larger than 16384 bytes"}}"#, nil),
        (.trailerFieldsTooLarge(limit: 16384),
         #"{"error":{"status":431,"code":"header_fields_too_large","message":"the request's trailer fields are larger than 16384 bytes"}}"#, nil),
        (.notImplemented("the transfer coding \"gzip\" is not implemented; only chunked is"),
         #"{"error":{"status":501,"code":"not_implemented","message":"the transfer coding \"gzip\" is not implemented; only chunked is"}}"#, nil),
        (.httpVersionNotSupported("HTTP/2.0"),
         #"{"error":{"status":505,"code":"http_version_not_supported","message":"HTTP/2.0 is not supported; this server speaks HTTP/1.1 and HTTP/1.0"}}"#, nil),
        (.tooManyConnections,
         #"{"error":{"status":503,"code":"too_many_connections","message":"the server holds as many connections as it may; try again shortly"}}"#, "1"),
        (.responseTimeout(after: .seconds(30)),
         #"{"error":{"status":503,"code":"response_timeout","message":"the answer was not ready within 30 seconds; what the request asked may still be done"}}"#, "5"),
    ] as [(HTTPError, String, String?)])
    func eachRefusalIsTheJSONErrorItWas(_ error: HTTPError, body: String, retryAfter: String?) {
        let response = Self.service.respond(toRefused: error)
        #expect(response.status == error.status)
        #expect(String(decoding: response.body.bytes, as: UTF8.self) == body)
        let expected = [("Content-Type", "application/json; charset=utf-8")] + (retryAfter.map { [("Retry-After", $0)] } ?? [])
            + [("Cache-Control", "no-store")]
        #expect(response.headers.map(\.name) == expected.map(\.0))
        #expect(response.headers.map(\.value) == expected.map(\.1))
    }
}
