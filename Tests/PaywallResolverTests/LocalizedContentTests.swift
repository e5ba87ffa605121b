@testable import PaywallResolver
import PaywallModel
import Testing

@Suite struct LocalizedContentTests {
    static func localization(_ locale: String, strings: KeyValuePairs<String, JSONValue> = [:], assets: KeyValuePairs<String, JSONValue> = [:],
                             remoteConfig: JSONValue? = nil, rightToLeft: Bool? = nil) -> Localization {
        Localization(locale: locale, remoteConfig: remoteConfig, strings: JSONObject(strings), assets: JSONObject(assets), isRightToLeft: rightToLeft)
    }

    @Test func mergesStringByStringAlongTheOrder() {
        let content = LocalizedContent(merging: [
            Self.localization("pt-br", strings: ["title": .string("Seja Premium")]),
            Self.localization("pt", strings: ["title": .string("Seja Premium (pt)"), "restore": .string("Restaurar")]),
            Self.localization("en", strings: ["title": .string("Go Premium"), "cta": .string("Start"), "restore": .string("Restore")]),
        ], view: nil)
        #expect(content.strings == JSONObject(["title": .string("Seja Premium"), "restore": .string("Restaurar"), "cta": .string("Start")]))
        #expect(content.stringLocales == JSONObject(["title": .string("pt-br"), "restore": .string("pt"), "cta": .string("en")]))
    }

    @Test func richTextValuesStayJSON() {
        let rich = JSONValue.array([.object(JSONObject(["text": .string("Save "), "bold": .bool(false)]))])
        let content = LocalizedContent(merging: [Self.localization("en", strings: ["badge": rich])], view: nil)
        #expect(content.strings["badge"] == rich)
    }

    @Test func assetsOverrideTheViewKeyByKeyAndRemoteConfigComesFromTheFirstThatHasOne() {
        let view = ViewConfiguration(templateID: "basic", assets: JSONObject(["hero": .string("hero.jpg"), "logo": .string("logo.png")]),
                                     timers: [], customActions: [])
        let content = LocalizedContent(merging: [
            Self.localization("pt-br", assets: ["hero": .string("hero-br.jpg")]),
            Self.localization("en", assets: ["background": .string("bg.jpg")], remoteConfig: .object(JSONObject(["title": .string("Go")]))),
        ], view: view)
        #expect(content.assets == JSONObject(["hero": .string("hero-br.jpg"), "logo": .string("logo.png"), "background": .string("bg.jpg")]))
        #expect(content.remoteConfig == .object(JSONObject(["title": .string("Go")])))
        #expect(content.remoteConfigLocale == "en")
    }

    @Test func rightToLeftIsWhatTheMatchedLocalizationSays() {
        #expect(LocalizedContent(merging: [Self.localization("ar", rightToLeft: true), Self.localization("en", rightToLeft: false)], view: nil).isRightToLeft)
        #expect(!LocalizedContent(merging: [Self.localization("de"), Self.localization("en")], view: nil).isRightToLeft)
        #expect(!LocalizedContent(merging: [Self.localization("ar", rightToLeft: false), Self.localization("en")], view: nil).isRightToLeft)
        // A less specific localization's word does not speak for the matched one's script.
        #expect(!LocalizedContent(merging: [Self.localization("de"), Self.localization("en", rightToLeft: true)], view: nil).isRightToLeft)
    }

    /// When the matched localization does not say, its script decides, whatever the default it falls
    /// back to says (the vendor's SDKs take the default's `false` for a silent Arabic).
    @Test(arguments: [("ar", true), ("he", true), ("fa-IR", true), ("ur", true), ("ar_eg", true), ("en", false), ("ru", false), ("zh-hant", false)])
    func aSilentLocalizationTakesItsScriptsDirection(_ locale: String, _ rightToLeft: Bool) {
        for fallback in [Self.localization("en"), Self.localization("en", rightToLeft: false), Self.localization("en", rightToLeft: true)] {
            let content = LocalizedContent(merging: [Self.localization(locale), fallback], view: nil)
            #expect(content.isRightToLeft == rightToLeft, "\(locale) before en saying \(String(describing: fallback.isRightToLeft))")
        }
    }

    @Test func withNoLocalizationAtAllItIsLeftToRight() {
        #expect(!LocalizedContent(merging: [], view: nil).isRightToLeft)
    }
}
