/// Reads the onboarding of an onboarding variation (formats 8 to 11): its builder URL and language, and
/// its remote config, if any. The vendor's Android SDK requires `onboarding_builder.lang`.
struct OnboardingVariationDecoder {
    let issues: IssueCollector
    let localeProblem: (String) -> String?
    let remoteConfigs: RemoteConfigDecoder

    func decode(_ reader: FieldReader) -> Located<Onboarding>? {
        let id = reader.identifier("onboarding_id")
        let name = reader.string("onboarding_name")
        let builder = reader.reader("onboarding_builder")
        let configURL = builder.flatMap(configURL)
        let builderLocale = builder?.locale("lang", problem: localeProblem)
        let remoteConfig = reader.optionalObject("remote_config", remoteConfigs.decode)
        guard let id, let name, let configURL, let builderLocale, remoteConfig.valid else { return nil }
        let onboarding = Onboarding(id: id, name: name, configURL: configURL, builderLocale: builderLocale, remoteConfig: remoteConfig.value)
        return Located(pointer: reader.pointer, value: onboarding)
    }

    /// An absolute http(s) URL without spaces or control characters, as the vendor's schema requires.
    private func configURL(_ builder: FieldReader) -> String? {
        guard let text = builder.string("config_url") else { return nil }
        let lowered = text.lowercased()
        let hasScheme = lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
        let host = text.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard hasScheme, !host.isEmpty, text.utf8.count <= 8192,
              !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            issues.report(builder.at("config_url"), "expected an absolute http or https URL, found \(JSONValue.string(String(text.prefix(80))).rendered())")
            return nil
        }
        return text
    }
}
