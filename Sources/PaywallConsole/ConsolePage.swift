/// A console page: its status and the HTML document, every page in the one frame (the stylesheet, the
/// navigation, a `main` landmark with the page's heading).
public struct ConsolePage: Sendable {
    public let status: Int
    public let body: [UInt8]

    /// - Parameters:
    ///   - navigation: whether the navigation is shown (not to a visitor who has not logged in).
    ///   - content: what `main` holds after the heading.
    public init(status: Int = 200, title: String, navigation: Bool = true, _ content: (inout HTML) -> Void) {
        var html = HTML()
        html.markup("<!DOCTYPE html>")
        html.element("html", ["lang": "en", "dir": "ltr"]) { html in
            html.element("head") { html in
                html.open("meta", ["charset": "utf-8"])
                html.open("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
                html.element("title", text: "\(title) · paywalls console")
                html.open("link", ["rel": "stylesheet", "href": ConsoleStylesheet.path])
                html.open("link", ["rel": "icon", "href": ConsoleIcon.path])
            }
            html.element("body") { html in
                html.element("a", ["class": "skip", "href": "#main"], text: "Skip to the content")
                html.element("header") { html in
                    html.element("nav", ["aria-label": "Console"]) { html in
                        html.element("ul") { html in
                            html.element("li") { $0.element("strong", text: "paywalls console") }
                            guard navigation else { return }
                            for (label, href) in Self.sections {
                                html.element("li") { $0.element("a", ["href": href], text: label) }
                            }
                        }
                    }
                }
                html.element("main", ["id": "main"]) { html in
                    html.element("h1") { $0.isolated(title) }
                    content(&html)
                }
            }
        }
        self.status = status
        body = html.bytes
    }

    private static let sections: [(String, String)] = [("Placements", "/console/"), ("Coverage", "/console/coverage"), ("Snapshots", "/console/snapshots"),
                                                           ("Report", "/console/report")]

    /// The page for a console path no page has.
    public static func notFound(path: String) -> ConsolePage {
        ConsolePage(status: 404, title: "Not found") { html in
            html.element("p") { html in
                html.text("The console has no page at ")
                html.element("code") { $0.isolated(path) }
                html.text(".")
            }
            html.element("p") { $0.element("a", ["href": "/console/"], text: "Back to the placements") }
        }
    }

    /// A request the page cannot answer: `message` says what to change.
    public static func problem(status: Int, title: String, message: String) -> ConsolePage {
        ConsolePage(status: status, title: title) { html in
            html.element("p", ["class": "notice bad", "role": "alert"]) { $0.isolated(message) }
            html.element("p") { $0.element("a", ["href": "/console/"], text: "Back to the placements") }
        }
    }
}

/// The console's icon, `GET /console/icon.svg`: a browser asks for one, and would log a missing one.
public enum ConsoleIcon {
    public static let path = "/console/icon.svg"
    public static let text = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b57d0"/>\
        <rect x="3" y="4" width="4" height="8" fill="#ffffff"/><rect x="9" y="4" width="4" height="8" fill="#ffffff"/></svg>

        """
}
