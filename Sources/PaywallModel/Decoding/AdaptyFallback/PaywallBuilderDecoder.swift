/// What a Paywall Builder configuration gives a paywall: strings, assets and direction per locale,
/// and the view shared by all locales.
struct PaywallBuilderContent {
    /// `default_localization` and where it is written, if the configuration names one.
    let defaultLocale: Located<String>?
    let localizations: [Localization]
    let view: ViewConfiguration
}

/// Reads a Paywall Builder configuration of a fallback file (`paywall_builder_config`, or a UI schema of
/// `ui_builder` from format 10). Only what the model holds is read; layouts and styles stay in the
/// original JSON, whose frame `LayoutCheck` checks as the vendor's SDKs decode it.
struct PaywallBuilderDecoder {
    let issues: IssueCollector
    let localeProblem: (String) -> String?

    func decode(_ reader: FieldReader, as kind: LayoutCheck.Kind) -> PaywallBuilderContent? {
        let frameValid = LayoutCheck(issues: issues).check(reader, as: kind)
        let templateID = reader.identifier("template_id", required: false)
        let defaultLocale = reader.locale("default_localization", required: false, problem: localeProblem)
        let assets = assets(reader)
        // SDK 3.x requires each localization's strings; the UI schemas of 4.x may leave them out.
        let localizations = localizations(reader, stringsRequired: kind == .paywallBuilder)
        var customActions: [String] = []
        var path = reader.pointer.tokens
        let actionsValid = collectCustomActions(in: .object(reader.object), path: &path, into: &customActions)
        guard frameValid, templateID != nil || reader.isAbsent("template_id"), defaultLocale != nil || reader.isAbsent("default_localization"),
              let assets, let localizations, actionsValid else { return nil }
        return PaywallBuilderContent(
            defaultLocale: defaultLocale.map { Located(pointer: reader.at("default_localization"), value: $0) },
            localizations: localizations,
            view: ViewConfiguration(templateID: templateID, assets: assets, timers: [], customActions: customActions))
    }

    private func localizations(_ reader: FieldReader, stringsRequired: Bool) -> [Localization]? {
        guard let elements = reader.array("localizations", required: false) else {
            return reader.isAbsent("localizations") ? [] : nil
        }
        var locales: Set<String> = []
        let localizations = elements.map { element -> Localization? in
            guard let localization = FieldReader(element.value, at: element.pointer, issues: issues)
                .flatMap({ decodeLocalization($0, stringsRequired: stringsRequired) }) else {
                return nil
            }
            guard locales.insert(localization.locale).inserted else {
                issues.report(element.pointer.appending("id"), "duplicate localization '\(localization.locale)'")
                return nil
            }
            return localization
        }
        return localizations.contains { $0 == nil } ? nil : localizations.compactMap { $0 }
    }

    private func decodeLocalization(_ reader: FieldReader, stringsRequired: Bool) -> Localization? {
        let locale = reader.locale("id", problem: localeProblem)
        let isRightToLeft = reader.bool("is_right_to_left", required: false)
        if stringsRequired, reader.isAbsent("strings") { issues.report(reader.at("strings"), "required") }
        // The vendor's SDKs let a later string of an id replace an earlier one.
        let strings = keyedByID(reader, "strings", noun: "string", duplicates: .lastWins, value: stringValue)
        let assets = assets(reader)
        guard let locale, let strings, let assets, isRightToLeft != nil || reader.isAbsent("is_right_to_left"),
              !stringsRequired || !reader.isAbsent("strings") else { return nil }
        return Localization(locale: locale, remoteConfig: nil, strings: strings, assets: assets, isRightToLeft: isRightToLeft)
    }

    /// A string's `value`: rich text (plain text, one item or an array of items), kept as JSON. Its
    /// `fallback` (what the SDK shows when a tag such as PRICE cannot be filled) has no place in the
    /// model and is not read.
    private func stringValue(_ reader: FieldReader) -> JSONValue? {
        guard let value = reader.value("value") else { return nil }
        switch value {
        case .string, .array, .object: return value
        default:
            issues.report(reader.at("value"), "expected rich text (a string, an item object or an array of items), found \(value.kind)")
            return nil
        }
    }

    /// Assets keyed by asset id: the vendor lists them as objects with an `id` (its SDKs refuse any
    /// other form).
    private func assets(_ reader: FieldReader) -> JSONObject? {
        keyedByID(reader, "assets", noun: "asset", duplicates: .refused) { .object($0.object) }
    }

    enum Duplicates {
        case refused, lastWins
    }

    /// An optional array of objects with `id`s, as one object keyed by those ids.
    private func keyedByID(_ reader: FieldReader, _ key: String, noun: String, duplicates: Duplicates,
                           value: (FieldReader) -> JSONValue?) -> JSONObject? {
        guard let elements = reader.array(key, required: false) else { return reader.isAbsent(key) ? JSONObject() : nil }
        var keyed = JSONObject()
        var ids: Set<String> = []
        var valid = true
        for element in elements {
            guard let item = FieldReader(element.value, at: element.pointer, issues: issues) else {
                valid = false
                continue
            }
            let id = item.identifier("id")
            let itemValue = value(item)
            guard let id, let itemValue else {
                valid = false
                continue
            }
            guard ids.insert(id).inserted else {
                if duplicates == .lastWins {
                    keyed = keyed.replacing(id, with: itemValue)
                } else {
                    issues.report(item.at("id"), "duplicate \(noun) id '\(id)'")
                    valid = false
                }
                continue
            }
            keyed.append(id, itemValue)
        }
        return valid ? keyed : nil
    }

    /// Gathers the ids of custom actions (`{"type": "custom", "custom_id": …}`) anywhere in the
    /// configuration, once each in document order; false when one is not a valid identifier (reported).
    /// `path` is the walk's place, made a pointer only for a report.
    private func collectCustomActions(in value: JSONValue, path: inout [String], into ids: inout [String]) -> Bool {
        var valid = true
        switch value {
        case let .object(object):
            if object["type"] == .string("custom"), case let .string(id) = object["custom_id"] {
                if let problem = FieldReader.identifierProblem(id) {
                    issues.report(JSONPointer(tokens: path + ["custom_id"]), problem)
                    valid = false
                } else if !ids.contains(id) {
                    ids.append(id)
                }
            }
            for member in object.members {
                path.append(member.key)
                valid = collectCustomActions(in: member.value, path: &path, into: &ids) && valid
                path.removeLast()
            }
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                valid = collectCustomActions(in: element, path: &path, into: &ids) && valid
                path.removeLast()
            }
        default:
            break
        }
        return valid
    }
}
