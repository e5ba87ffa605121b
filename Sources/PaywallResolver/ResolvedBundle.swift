import LocaleKit
import PaywallModel
import PaywallStore

/// What a user gets at a placement: the CLI output contract of docs/contracts.md. What every kind shares is
/// here; what the variation shows (a paywall, an onboarding or a flow) is in `shown`.
public struct ResolvedBundle: Sendable {
    public enum Shown: Sendable {
        case paywall(ResolvedPaywall)
        case onboarding(ResolvedOnboarding)
        case flow(ResolvedFlow)
    }

    public let placementID: String
    public let audience: Audience
    public let matchedSegments: [String]
    public let variation: Variation
    public let requestedLocales: [String]
    public let localeMatch: LocaleMatch
    public let shown: Shown
    public let snapshot: SnapshotInfo
    /// The account `--explain` prints: audiences tried, the bucket, the locale chain and what each step found.
    public let explanation: [String]

    public var kind: PlacementKind {
        switch shown {
        case .paywall: return .paywall
        case .onboarding: return .onboarding
        case .flow: return .flow
        }
    }

    /// The resolved paywall, when the placement shows paywalls.
    public var paywall: ResolvedPaywall? {
        if case let .paywall(paywall) = shown { return paywall }
        return nil
    }

    public func json() -> JSONValue {
        let locale = Self.localeMember(requested: requestedLocales, match: localeMatch)
        let shownMembers: [JSONObject.Member]
        switch shown {
        case let .paywall(paywall): shownMembers = paywall.jsonMembers(locale: locale)
        case let .onboarding(onboarding): shownMembers = onboarding.jsonMembers(locale: locale)
        case let .flow(flow): shownMembers = flow.jsonMembers(locale: locale, variation: variation)
        }
        return .object(JSONObject(Self.headMembers(kind: kind, placementID: placementID, audience: audience, matchedSegments: matchedSegments,
                                                   variation: variation).members
                + shownMembers + Self.snapshotMember(snapshot).members))
    }

    // The bundle's members in groups, for `json()` and for renderers that keep groups rendered.

    /// `kind` to `variationId`: what the placement, audience and variation decide.
    static func headMembers(kind: PlacementKind, placementID: String, audience: Audience, matchedSegments: [String],
                            variation: Variation) -> JSONObject {
        JSONObject([
            "kind": .string(kind.rawValue),
            "placementId": .string(placementID),
            "audience": .object(JSONObject([
                "name": .string(audience.name),
                "versionId": .string(audience.versionID),
                "matchedSegments": .strings(matchedSegments),
            ])),
            "variationId": .string(variation.variationID),
        ])
    }

    /// `locale`: the user's locales and what they matched.
    static func localeMember(requested: [String], match: LocaleMatch) -> JSONObject.Member {
        JSONObject.Member(key: "locale", value: .object(JSONObject([
            "requested": .strings(requested),
            "matched": .string(match.matched),
            "chain": .strings(match.chain),
            "mode": .string(match.mode.rawValue),
            "result": .string(match.outcome.rawValue),
        ])))
    }

    /// `snapshot`, the last member.
    static func snapshotMember(_ snapshot: SnapshotInfo) -> JSONObject {
        JSONObject([
            "snapshot": .object(JSONObject([
                "id": .string(snapshot.key),
                "revision": .integer(snapshot.revision),
                "exportedAt": .string(snapshot.exportedAt),
                "syncedAt": .string(snapshot.importedAt),
            ])),
        ])
    }
}
