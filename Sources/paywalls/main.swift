import LocaleKit
let m = LocaleMatcher(available: "en,pt-br,pt,zh,zh-hant,es,es-419,sr,sr-latn,he,de".split(separator: ",").map(String.init))
for p in ["pt_BR","pt","zh-TW","zh-CN","es-AR","es-ES","sr-Latn-RS","iw-IL","de-AT","fr-CA","ja,de-AT","zh-HK","zh-MO", "en-AU", "pt-AO", "sh", "english,pt--br,es-MX"] {
  let r = m.match(p.split(separator: ",").map(String.init)); print(p, "->", r.matched, r.outcome, r.chain, r.skippedPreferences.map(\.reason))
}
for t in ["pt_BR","zh-Hant-TW","de-DE-u-co-phonebk","en-US-POSIX","und","12","pt--br"] { do { let x = try LanguageTag(parsing: t); print(x.identifier, x.maximized, x.minimized, FallbackChain(for: x).elements) } catch { print(t, error) } }

