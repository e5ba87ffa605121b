import HTTPServer
import PaywallModel
@testable import PaywallServer
import Testing

@Suite("API errors: the JSON body and headers of docs/contracts.md")
struct APIErrorTests {
    func body(_ response: HTTPResponse) -> String { String(decoding: response.body.bytes, as: UTF8.self) }

    @Test func theBodyNestsStatusCodeMessageAndClosest() {
        let error = APIError(status: 404, code: "unknown_placement", message: "no placement promo", closest: ["promo.summer", "promos"])
        #expect(body(error.response)
            == #"{"error":{"status":404,"code":"unknown_placement","message":"no placement promo","closest":["promo.summer","promos"]}}"#)
        #expect(error.response.status == 404)
        #expect(error.response.headers.map(\.name) == ["Content-Type"])
        #expect(error.response.headers.first?.value == "application/json; charset=utf-8")
    }

    @Test func withoutSuggestionsThereIsNoClosest() {
        #expect(body(APIError.notFound(path: "/nope").response) == #"{"error":{"status":404,"code":"not_found","message":"no route for /nope"}}"#)
    }

    @Test func unauthorizedAsksForBearer() {
        let response = APIError.unauthorized("needs a token").response
        #expect(response.status == 401)
        #expect(response.headers.contains { $0 == ("WWW-Authenticate", "Bearer") })
        #expect(body(response).contains(#""code":"unauthorized""#))
    }

    @Test func methodNotAllowedListsTheMethods() {
        let response = APIError.methodNotAllowed("POST", allowed: ["GET", "HEAD"]).response
        #expect(response.status == 405)
        #expect(response.headers.contains { $0 == ("Allow", "GET, HEAD") })
        #expect(body(response).contains(#""code":"method_not_allowed""#))
    }

    @Test(arguments: [(APIError.badRequest("x"), 400, "bad_request"), (.contentTooLarge("x"), 413, "content_too_large"),
                      (.noSnapshot("x"), 503, "no_snapshot")])
    func eachConstructorHasItsStatusAndCode(_ error: APIError, status: Int, code: String) {
        #expect(error.status == status)
        #expect(error.code == code)
        #expect(body(error.response).hasPrefix(#"{"error":{"status":\#(status),"code":"\#(code)""#))
    }
}
