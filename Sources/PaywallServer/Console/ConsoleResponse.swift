import HTTPServer
import PaywallConsole

/// What every console answer carries: nothing may run but the console's own files, nothing loads from elsewhere, no
/// other site may frame it, and no address of it leaks in a `Referer`.
enum ConsoleResponse {
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]

    static func page(_ page: ConsolePage, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: page.status, headers: [("Content-Type", "text/html; charset=utf-8")] + securityHeaders + headers, body: page.body)
    }

    static func file(_ text: String, contentType: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + securityHeaders, body: Array(text.utf8))
    }

    /// `303 See Other` to `location`: where a form's POST sends the browser next, fetched with a GET.
    static func seeOther(_ location: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)] + securityHeaders + headers)
    }
}
