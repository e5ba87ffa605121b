import PaywallModel

/// The pieces of a vendor fallback file that several kinds of variation share, as the vendor's SDKs
/// read them (docs/formats.md): one place writes each.
enum FallbackJSON {
    /// `{"lang", "data"}`: the SDKs require `data` to be the JSON object written as a string.
    static func remoteConfig(locale: String, document: JSONValue) -> JSONValue {
        .object(JSONObject(["lang": .string(locale), "data": .string(document.rendered())]))
    }

    /// The products of a paywall (formats 8 and 9) or of a paywall inside a flow (formats 10 and 11),
    /// by key, with what the vendor's SDKs of `version` require (docs/formats.md): format 8 the two ids
    /// (and `is_consumable`, which its Android SDK reads), from format 9 `access_level_id` and
    /// `product_type` too. What the model does not know is written as the vendor's own defaults: the
    /// access level `premium` every dashboard has, and the type a subscription period names, else
    /// `uncategorised`, what the SDKs make of a type they do not know. What a vendor file said of the
    /// product (offers, the flow's product id) is written back.
    static func products(_ keys: [String], from products: [String: Product], version: Int) -> JSONValue {
        .array(keys.compactMap { products[$0] }.map { product in
            let details = product.vendorDetails
            let type = details?.productType ?? product.period.flatMap(productType(of:)) ?? "uncategorised"
            var object = JSONObject()
            object.append("vendor_product_id", .string(product.vendorProductID))
            object.append("adapty_product_id", .string(details?.adaptyProductID ?? product.id))
            if version >= 9 {
                object.append("access_level_id", .string(product.accessLevelID ?? "premium"))
                object.append("product_type", .string(type))
            } else {
                object.append("is_consumable", .bool(type == "consumable"))
            }
            let texts: [(String, String?)] = [
                ("title", details?.title), ("promotional_offer_id", details?.promotionalOfferID),
                ("win_back_offer_id", details?.winBackOfferID), ("base_plan_id", details?.basePlanID), ("offer_id", details?.offerID),
                ("flow_product_id", version >= 10 ? details?.flowProductID : nil),
            ]
            for (key, text) in texts {
                if let text { object.append(key, .string(text)) }
            }
            if let eligibility = details?.promotionalOfferEligibility { object.append("promotional_offer_eligibility", .bool(eligibility)) }
            return .object(object)
        })
    }

    /// The vendor's `product_type` of a subscription period, where it has one.
    static func productType(of period: SubscriptionPeriod) -> String? {
        switch (period.unit, period.count) {
        case (.week, 1), (.day, 7): return "weekly"
        case (.month, 1): return "monthly"
        case (.month, 2): return "two_months"
        case (.month, 3): return "trimonthly"
        case (.month, 6): return "semiannual"
        case (.year, 1), (.month, 12): return "annual"
        default: return nil
        }
    }

    /// A Paywall Builder or UI schema localization: `{"id", "is_right_to_left"?, "strings", "assets"?}`.
    static func localization(locale: String, strings: JSONObject, assets: JSONObject, isRightToLeft: Bool?) -> JSONValue {
        var localization = JSONObject()
        localization.append("id", .string(locale))
        if let isRightToLeft { localization.append("is_right_to_left", .bool(isRightToLeft)) }
        localization.append("strings", .array(strings.members.map { member in
            .object(JSONObject(["id": .string(member.key), "value": member.value]))
        }))
        if !assets.members.isEmpty { localization.append("assets", assetList(assets)) }
        return .object(localization)
    }

    /// Assets as the vendor lists them (objects with an `id`), or keyed by id when one is not an object.
    static func assetList(_ assets: JSONObject) -> JSONValue {
        var list: [JSONValue] = []
        for member in assets.members {
            guard case let .object(fields) = member.value else { return .object(assets) }
            var asset = JSONObject()
            asset.append("id", .string(member.key))
            for field in fields.members where field.key != "id" { asset.append(field.key, field.value) }
            list.append(.object(asset))
        }
        return .array(list)
    }

    /// A flow read from format 10 has one layout and no grids: in format 11 it is shown on every
    /// platform and device (the vendor's grid schema: one cell, the first layout).
    static let singleLayoutGrids = JSONValue.array([.object(JSONObject([
        "platforms": .string("all"),
        "devices": .string("all"),
        "cells": .array([.number("0")]),
    ]))])
}
