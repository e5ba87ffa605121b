import ArgumentKit
import LocaleKit

extension ParsedArguments {
    /// The comma-separated locales of `--locales`, in their spelling and order: nil when it is not given, a usage
    /// error when it lists none (`--locales ,`).
    func localeList() throws(UsageError) -> [String]? {
        guard let list = value("locales") else { return nil }
        let locales = availableLocales(in: list)
        if locales.isEmpty { throw UsageError(commandPath: commandPath, message: "--locales lists no locale") }
        return locales
    }
}
