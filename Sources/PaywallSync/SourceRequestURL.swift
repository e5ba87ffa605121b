extension SyncConfiguration.Source {
    /// The URL a sync of this source requests: its `url`, or its `adapty` app's fallback route under the
    /// admin API's root, the config's `api_url`, else `$ADAPTY_API_URL`, else the vendor's own. Throws
    /// when the variable does not hold a URL sync allows (a configuration problem, as for a token).
    public func requestURL(environment: (String) -> String? = processEnvironment, allowInsecureLoopback: Bool = false) throws(TokenError) -> String {
        switch origin {
        case let .url(url):
            return url.text
        case let .adapty(app):
            if let configured = app.apiURL { return app.requestURL(base: configured.text) }
            let variable = AdaptyApp.apiURLEnvironmentVariable
            guard let text = environment(variable) else { return app.requestURL(base: AdaptyApp.defaultAPIURL) }
            do throws(SourceURL.Problem) {
                return app.requestURL(base: try SourceURL(parsing: text, allowInsecureLoopback: allowInsecureLoopback).text)
            } catch {
                throw TokenError(source: name, reason: "environment variable \(variable): \(error.reason)")
            }
        }
    }
}
