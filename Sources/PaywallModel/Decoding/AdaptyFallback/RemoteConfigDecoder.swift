/// Reads remote configs, `{"lang", "data"}`: `data` is a JSON object written as a string, as the
/// vendor's SDKs require (the object itself, or any other JSON, is refused).
struct RemoteConfigDecoder {
    let issues: IssueCollector
    let localeProblem: (String) -> String?
    let jsonLimits: JSONParser.Limits

    func decode(_ reader: FieldReader) -> RemoteConfig? {
        let locale = reader.locale("lang", problem: localeProblem)
        var document: JSONValue?
        if let text = reader.string("data") {
            do {
                let parsed = try JSONParser.parse(text, limits: jsonLimits)
                if case .object = parsed {
                    document = parsed
                } else {
                    issues.report(reader.at("data"), "expected a JSON object written as a string, found \(parsed.kind)")
                }
            } catch {
                issues.report(reader.at("data"), "not valid JSON: \(error)")
            }
        }
        guard let locale, let document else { return nil }
        return RemoteConfig(locale: locale, document: document)
    }

    /// An optional list of remote configs, one per language; nil when given but invalid (reported).
    func decodeList(_ reader: FieldReader, _ key: String) -> [RemoteConfig]? {
        guard let elements = reader.array(key, required: false) else {
            return reader.isAbsent(key) ? [] : nil
        }
        var locales: Set<String> = []
        let configs = elements.map { element -> RemoteConfig? in
            guard let entry = FieldReader(element.value, at: element.pointer, issues: issues), let config = decode(entry) else { return nil }
            guard locales.insert(config.locale).inserted else {
                issues.report(entry.at("lang"), "duplicate remote config language '\(config.locale)'")
                return nil
            }
            return config
        }
        return configs.contains { $0 == nil } ? nil : configs.compactMap { $0 }
    }
}
