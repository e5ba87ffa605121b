import FuzzSupport
import LocaleKit

// Lines as `paywalls locale match --stdin` reads them, `PREFS<TAB>AVAILABLES[<TAB>DEFAULT]`, where PREFS may be an
// Accept-Language value: each through the batch matcher of every mode (one per input, its tables shared by the
// input's lines), whose answer must be the general matcher's; and every tag named through parsing, canonical forms,
// fallback chains and identities.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocale(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { UnsafeRawBufferPointer(rebasing: $0) }
    for mode in MatchMode.allCases {
        var batch = BatchLineMatcher(mode: mode, policy: .standard)
        for line in lines {
            let answer = String(decoding: batch.answer(line: line).locale, as: UTF8.self)
            if let expected = generalAnswer(line, mode: mode) {
                precondition(answer == expected, "\(mode): the batch matcher answers \(answer), the matcher \(expected)")
            }
        }
    }
    var spellings: Set<String> = []
    for line in lines {
        for field in line.split(separator: UInt8(ascii: "\t")) {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: field), as: UTF8.self)
            spellings.formUnion(localePreferences(in: text) + availableLocales(in: text))
        }
    }
    spellings.forEach(checkTag)
    return 0
}

/// What `LocaleMatcher` chooses for the line; nil for a line the batch matcher refuses (it then answers the default).
func generalAnswer(_ line: UnsafeRawBufferPointer, mode: MatchMode) -> String? {
    let columns = String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
    guard (2...3).contains(columns.count) else { return nil }
    let lineDefault = columns.count == 3 ? trimmed(columns[2]) : ""
    let matcher = LocaleMatcher(available: availableLocales(in: String(columns[1])), defaultLocale: lineDefault.isEmpty ? nil : lineDefault,
                                mode: mode)
    return matcher.match(localePreferences(in: String(columns[0]))).matched
}

func trimmed(_ text: Substring) -> String {
    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
}

/// A tag that parses is canonical once: its identifier parses to itself; its chain, identity and minimal form
/// are worked out.
func checkTag(_ spelling: String) {
    guard let tag = try? LanguageTag(parsing: spelling) else { return }
    let again = try? LanguageTag(parsing: tag.identifier)
    precondition(again?.identifier == tag.identifier, "\(spelling) reads as \(tag.identifier), which reads as \(String(describing: again))")
    _ = tag.minimized
    _ = tag.explicitParent
    let chain = Preference(spelling).chain
    precondition(chain.count <= 8 && chain.allSatisfy { !$0.hasVariantsOrExtensions }, "\(spelling): chain \(chain)")
    if let identity = LocaleIdentity(of: spelling) {
        precondition(LocaleIdentity(serialized: identity.serialized) == identity, "\(spelling): identity \(identity.serialized) does not read back")
    }
}

runFuzzer(fuzzLocale)
