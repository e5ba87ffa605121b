import HTTPServer
import PaywallModel

extension HTTPResponse {
    /// Every JSON answer of docs/contracts.md says so.
    public static let jsonContentType = "application/json; charset=utf-8"

    /// `value` rendered compact as the body, with the JSON content type before `headers`.
    public static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        var body: [UInt8] = []
        value.render(into: &body)
        return HTTPResponse(status: status, headers: [("Content-Type", jsonContentType)] + headers, body: body)
    }
}
