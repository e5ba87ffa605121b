extension ConsolePage {
    /// The form a browser sends the admin token with, once: `POST /console/login` opens a session.
    /// - Parameter refusal: why the last try did not log in, shown above the form.
    public static func login(refusal: String? = nil) -> ConsolePage {
        ConsolePage(status: 401, title: "Log in", navigation: false) { html in
            if let refusal { html.element("p", ["class": "notice bad", "role": "alert", "id": "login-problem"]) { $0.isolated(refusal) } }
            html.element("p", text: "This server has an admin token (--admin-token-file): the console is for its operators. "
                         + "Type the token once; the browser then keeps a session of its own, not the token.")
            html.element("form", ["method": "post", "action": "/console/login"]) { html in
                html.element("p") { html in
                    html.element("label", ["for": "token"], text: "Admin token")
                    html.markup(" ")
                    html.open("input", ["id": "token", "name": "token", "type": "password", "autocomplete": "current-password",
                                        "required": "", "aria-describedby": refusal == nil ? nil : "login-problem"])
                }
                html.element("p") { $0.element("button", ["type": "submit"], text: "Log in") }
            }
        }
    }

    /// The page for a server that has only the app token: the console is for operators, whom it does not know.
    public static let closed = ConsolePage.problem(
        status: 403, title: "The console is closed",
        message: "This server has an app token but no admin token: start serve with --admin-token-file to open the console to its operators.")
}
