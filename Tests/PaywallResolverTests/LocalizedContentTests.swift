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

    @Test func rightToLeftComesFromTheMostSpecificLocalizationThatSays() {
        #expect(LocalizedContent(merging: [Self.localization("ar", rightToLeft: true), Self.localization("en", rightToLeft: false)], view: nil).isRightToLeft)
        #expect(!LocalizedContent(merging: [Self.localization("de"), Self.localization("en")], view: nil).isRightToLeft)
    }
}
