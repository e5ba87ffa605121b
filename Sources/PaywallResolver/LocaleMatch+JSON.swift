import LocaleKit
import PaywallModel

extension LocaleMatch {
    /// `paywalls locale match --json` and the service's `/v1/locales/match`: the preferences as given,
    /// the choice, how it was reached, the default, and the preferences skipped and why.
    public func json(requested: [String], defaultLocale: String) -> JSONValue {
        .object(JSONObject([
            "requested": .strings(requested),
            "matched": .string(matched),
            "outcome": .string(outcome.rawValue),
            "chain": .strings(chain),
            "mode": .string(mode.rawValue),
            "default": .string(defaultLocale),
            "skipped": .array(skippedPreferences.map { .object(JSONObject(["input": .string($0.input), "reason": .string($0.reason)])) }),
        ]))
    }
}
