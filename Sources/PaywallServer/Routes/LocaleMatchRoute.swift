import Dispatch
import HTTPServer
import LocaleKit
import PaywallResolver

extension Route {
    /// More localizations than this are matched off the event loop: each costs the matcher some microseconds
    /// of ICU, and a request line holds thousands.
    static let largestLocaleListMatchedOnTheLoop = 8

    /// `GET /v1/locales/match?available=A,B&locale=L[&mode=][&default=]`: the JSON of
    /// `paywalls locale match --json`.
    static func localeMatch(policy: LocalePolicy) -> Route {
        Route("/v1/locales/match", methods: ["GET", "HEAD"], caching: .revalidated) { request, _ -> HTTPAnswer in
            do throws(APIError) {
                let query = try QueryParameters(request.query)
                try query.refuseUnknown(allowed: ["available", "locale", "mode", "default"])
                guard let available = try query.value("available") else { throw APIError.badRequest("missing 'available': a comma-separated list of localizations") }
                let (preferences, localeCount) = ResolutionRequest.localePreferences(of: query.values("locale"))
                guard !preferences.isEmpty else { throw APIError.badRequest("missing 'locale': the user's preferred locales") }
                guard localeCount <= ResolutionRequest.maximumLocales else {
                    throw APIError.badRequest("\(localeCount) locales: at most \(ResolutionRequest.maximumLocales)")
                }
                var mode = MatchMode.cldr
                if let name = try query.value("mode") {
                    guard let named = MatchMode(rawValue: name) else { throw APIError.badRequest("invalid value '\(name.prefix(64))' for mode: expected cldr, adapty or icu") }
                    mode = named
                }
                let defaultLocale = try query.value("default")
                if let defaultLocale, mode != .adapty {
                    do throws(LanguageTagError) {
                        _ = try policy.languageTag(for: defaultLocale)
                    } catch {
                        throw APIError.badRequest("invalid default: \(error.description)")
                    }
                }
                let localizations = availableLocales(in: available)
                let match: @Sendable () -> HTTPResponse = { [mode] in
                    let matcher = LocaleMatcher(available: localizations, defaultLocale: defaultLocale, mode: mode, policy: policy)
                    return .json(matcher.match(preferences).json(requested: preferences, defaultLocale: matcher.defaultLocale))
                }
                guard localizations.count > largestLocaleListMatchedOnTheLoop else { return .now(match()) }
                let deferred = DeferredResponse()
                DispatchQueue.global(qos: .userInitiated).async { deferred.complete(with: match()) }
                return .later(deferred)
            } catch {
                return .now(error.response)
            }
        }
    }
}
