import PaywallModel
import Testing

/// The importer reads a vendor file as strictly as the vendor's SDKs of its format version do
/// (docs/formats.md, "What each SDK version requires"): a file it accepts is one they load. Each key
/// they require is a case here: the smallest valid file of its version without that one key is refused,
/// at the key's pointer; without a key of a UI schema, which the 4.x SDKs read only when they show its
/// layout, the file is read with a warning at the key's pointer. The same decoder reads back every file
/// `paywalls fallbacks` writes.
@Suite struct VendorRequiredKeysTests {
    struct Case: CustomStringConvertible, Sendable {
        let version: Int
        let document: String
        /// Where the removed key was, as a JSON pointer.
        let pointer: String
        var description: String { "format \(version): \(pointer)" }
        /// Whether the SDK needs the key only to show a layout, not to load the file.
        var isReadWhenShown: Bool { pointer.hasPrefix("/ui_builder/") }
    }

    static func frame(version: Int, placement: String, variation: String, extra: String = "") -> String {
        """
        {"meta": {"version": \(version), "response_created_at": 1795953600000, "developer_ids": ["p"]},
         "data": {"p": {"meta": {"placement": {"developer_id": "p", "audience_name": "All Users", "placement_audience_version_id": "a1",
                                               "revision": 3, "ab_test_name": "test"\(placement)}},
                        "data": [\(variation)]}}\(extra)}
        """
    }

    static func product(version: Int) -> String {
        let common = #""vendor_product_id": "app.monthly", "adapty_product_id": "ap-1""#
        return version >= 9 ? #"{\#(common), "access_level_id": "premium", "product_type": "monthly"}"# : "{\(common)}"
    }

    static func paywall(version: Int) -> String {
        """
        {"variation_id": "v", "weight": 100, "paywall_id": "pw", "paywall_name": "Main", "products": [\(product(version: version))],
         "remote_config": {"lang": "en", "data": "{}"},
         "paywall_builder": {"paywall_builder_id": "pb", "lang": "en", "paywall_builder_config": {
           "format": "4.0.0", "template_id": "flat", "template_revision": 1, "default_localization": "en",
           "localizations": [{"id": "en", "strings": [{"id": "title", "value": "Hi"}]}],
           "styles": {"default": {"content": {"type": "v_stack", "content": []}}}}}}
        """
    }

    static let onboarding = """
        {"variation_id": "v", "weight": 100, "onboarding_id": "ob", "onboarding_name": "Welcome",
         "onboarding_builder": {"config_url": "https://builder.example.com/ob", "lang": "en"}}
        """

    static func flow(version: Int) -> String {
        let layouts = version >= 11
            ? #", "ui_schema": {"layouts": [{"flow_layout_id": "l"}], "grids": [{"platforms": "all", "devices": "all", "cells": [0]}]}"# : ""
        return """
            {"variation_id": "v", "weight": 100, "flow_id": "f", "flow_name": "Flow", "flow_version_id": "l",
             "remote_configs": [{"lang": "en", "data": "{}"}],
             "variations": [{"variation_id": "pv", "paywall_id": "pw", "paywall_name": "Yearly", "products": [\(product(version: version))]}]\(layouts)}
            """
    }

    static let schema = #", "ui_builder": {"l": {"format": "5.0.0", "screens": {"s": {"content": {"type": "box"}}}, "localizations": [{"id": "en"}]}}"#

    static func paths(_ prefix: String, _ keys: [String]) -> [String] {
        keys.map { prefix + $0 }
    }

    static let placementKeys = paths("/data/p/meta/placement/", ["developer_id", "audience_name", "placement_audience_version_id", "revision",
                                                                  "ab_test_name"])

    static func productKeys(version: Int, at prefix: String) -> [String] {
        paths(prefix, ["vendor_product_id", "adapty_product_id"] + (version >= 9 ? ["access_level_id", "product_type"] : []))
    }

    static var cases: [Case] {
        var cases: [Case] = []
        for version in 8...9 {
            let document = frame(version: version, placement: "", variation: paywall(version: version))
            let variation = "/data/p/data/0/"
            let config = variation + "paywall_builder/paywall_builder_config/"
            let keys = ["/meta/response_created_at"] + placementKeys
                + paths(variation, ["variation_id", "weight", "paywall_id", "paywall_name", "products", "remote_config/lang", "remote_config/data",
                                    "paywall_builder/paywall_builder_id", "paywall_builder/lang"])
                + productKeys(version: version, at: variation + "products/0/")
                + paths(config, ["format", "template_id", "template_revision", "styles", "styles/default", "styles/default/content",
                                 "styles/default/content/type", "localizations/0/id", "localizations/0/strings",
                                 "localizations/0/strings/0/id", "localizations/0/strings/0/value"])
            cases += keys.map { Case(version: version, document: document, pointer: $0) }
        }
        for version in 8...11 {
            let document = frame(version: version, placement: #", "is_tracking_purchases": true"#, variation: onboarding)
            // `onboarding_builder.lang` and `is_tracking_purchases`: the vendor's Android SDK requires them.
            // (Without `onboarding_id` the variation is one of another kind, and missing that kind's keys.)
            let keys = placementKeys + ["/data/p/meta/placement/is_tracking_purchases"]
                + paths("/data/p/data/0/", ["variation_id", "weight", "onboarding_name", "onboarding_builder",
                                            "onboarding_builder/config_url", "onboarding_builder/lang"])
            cases += keys.map { Case(version: version, document: document, pointer: $0) }
        }
        for version in 10...11 {
            let document = frame(version: version, placement: "", variation: flow(version: version), extra: schema)
            let variation = "/data/p/data/0/"
            var keys = placementKeys + paths(variation, ["variation_id", "weight", "flow_id", "flow_name", "remote_configs/0/lang",
                                                         "remote_configs/0/data", "variations/0/variation_id", "variations/0/paywall_id",
                                                         "variations/0/paywall_name", "variations/0/products"])
                + productKeys(version: version, at: variation + "variations/0/products/0/")
                + paths("/ui_builder/l/", ["format", "screens", "screens/s/content", "screens/s/content/type", "localizations/0/id"])
            if version >= 11 {
                keys += paths(variation, ["flow_version_id", "ui_schema/layouts", "ui_schema/grids", "ui_schema/layouts/0/flow_layout_id",
                                          "ui_schema/grids/0/cells"])
            }
            cases += keys.map { Case(version: version, document: document, pointer: $0) }
        }
        return cases
    }

    static func decode(_ value: JSONValue) -> Result<PaywallExport, InvalidExport> {
        do {
            return .success(try Array(value.rendered().utf8).withUnsafeBytes { bytes throws(InvalidExport) in
                try ExportDecoder(localeProblem: { _ in nil }).decode(bytes, format: .adaptyFallback)
            })
        } catch let invalid as InvalidExport {
            return .failure(invalid)
        } catch {
            return .failure(InvalidExport(issues: [], truncated: false))
        }
    }

    @Test(arguments: [8, 9, 10, 11])
    func theSmallestFilesOfEachVersionRead(version: Int) throws {
        let documents = Self.cases.filter { $0.version == version }.map(\.document)
        for document in Set(documents) {
            let export = try Self.decode(try JSONParser.parse(document)).get()
            #expect(export.format == .adaptyFallback(version: version))
        }
    }

    /// The document of `testCase` without its key.
    static func withoutKey(_ testCase: Case) throws -> JSONValue {
        let tokens = testCase.pointer.split(separator: "/").map(String.init)
        return try #require(try JSONParser.parse(testCase.document).removing(at: tokens), "no \(testCase.pointer) in the document")
    }

    @Test(arguments: cases.filter { !$0.isReadWhenShown })
    func withoutTheKeyTheFileIsRefusedThere(_ testCase: Case) throws {
        guard case let .failure(invalid) = Self.decode(try Self.withoutKey(testCase)) else {
            Issue.record("accepted without \(testCase.pointer)")
            return
        }
        let reported = invalid.issues.map(\.description)
        #expect(reported.contains { $0.hasPrefix(testCase.pointer + ": required") }, "\(reported)")
    }

    @Test(arguments: cases.filter(\.isReadWhenShown))
    func withoutAKeyReadWhenShownTheFileIsReadWithAWarningThere(_ testCase: Case) throws {
        let export = try Self.decode(try Self.withoutKey(testCase)).get()
        let warned = export.warnings.map(\.description)
        #expect(warned.contains { $0.hasPrefix(testCase.pointer + ": required (the vendor's SDK would not show this layout)") }, "\(warned)")
    }
}

extension JSONValue {
    /// The value without the member at `tokens` (object keys and array indices); nil when there is none.
    func removing(at tokens: [String]) -> JSONValue? {
        guard let first = tokens.first else { return nil }
        let rest = Array(tokens.dropFirst())
        switch self {
        case let .object(object):
            guard let member = object[first] else { return nil }
            if rest.isEmpty { return .object(object.removing(first)) }
            return member.removing(at: rest).map { .object(object.replacing(first, with: $0)) }
        case var .array(elements):
            guard let index = Int(first), elements.indices.contains(index) else { return nil }
            if rest.isEmpty {
                elements.remove(at: index)
                return .array(elements)
            }
            guard let element = elements[index].removing(at: rest) else { return nil }
            elements[index] = element
            return .array(elements)
        default:
            return nil
        }
    }
}
