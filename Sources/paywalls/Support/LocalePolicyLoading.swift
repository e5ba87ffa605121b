import ArgumentKit
import LocaleKit

extension CommandContext {
    static let policyEnvironmentVariable = "PAYWALLS_LOCALE_POLICY"

    /// The locale policy in force, from the first of: `--locale-policy`, `configured` (a sync config's
    /// `locale_policy`, which comes before the environment as the config's `store` does),
    /// `$PAYWALLS_LOCALE_POLICY`, the shipped `policy.txt`; with none, pure CLDR ending at `en`.
    /// A policy that was asked for but cannot be read or parsed is a configuration error.
    func localePolicy(_ arguments: ParsedArguments, configured: String? = nil) throws(CommandFailure) -> LocalePolicy {
        guard let path = arguments.value("locale-policy") ?? configured ?? environment[Self.policyEnvironmentVariable]
                ?? shippedData.path(of: .localePolicy) else { return .standard }
        let text: String
        do {
            text = try readTextFile(atPath: path)
        } catch {
            throw CommandFailure(exitCode: .configuration, message: "locale policy: \(error.message)")
        }
        do {
            return try LocalePolicy(parsing: text, source: path)
        } catch {
            throw CommandFailure(exitCode: .configuration, message: "locale policy: \(error.description)")
        }
    }
}
