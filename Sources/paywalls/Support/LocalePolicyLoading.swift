import ArgumentKit
import LocaleKit

extension CommandContext {
    static let policyEnvironmentVariable = "PAYWALLS_LOCALE_POLICY"
    static let policyDefaultPath = "locales/policy.txt"

    /// The locale policy in force: `--locale-policy`, else `$PAYWALLS_LOCALE_POLICY`, else
    /// `locales/policy.txt` when the working directory has one, else pure CLDR ending at `en`.
    /// A policy that was asked for but cannot be read or parsed is a configuration error.
    func localePolicy(_ arguments: ParsedArguments) throws(CommandFailure) -> LocalePolicy {
        let path: String
        if let given = arguments.value("locale-policy") ?? environment[Self.policyEnvironmentVariable] {
            path = given
        } else if fileExists(atPath: Self.policyDefaultPath) {
            path = Self.policyDefaultPath
        } else {
            return .standard
        }
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
