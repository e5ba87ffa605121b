/// The checks that span elements (docs/formats.md rules): ids are unique and exist where referenced,
/// each placement has exactly one default audience, audience priorities differ, weights sum to 100,
/// and a paywall's default locale is one of its localizations.
struct CrossReferenceChecks {
    let issues: IssueCollector

    func check(_ export: LocatedExport) {
        checkUnique(export.segments, "segment") { $0.id }
        checkUnique(export.products, "product") { $0.id }
        checkUnique(export.paywalls, "paywall") { $0.id }
        checkUnique(export.placements, "placement") { $0.id }
        let (segmentIDs, productKeys, paywallIDs) = export.declaredIDs
        for paywall in export.paywalls {
            for (index, productID) in paywall.value.productKeys.enumerated() where !productKeys.contains(productID) {
                issues.report(paywall.pointer.appending("product_ids").appending(index), "no product has id '\(productID)'")
            }
            let locales = paywall.value.localizations.map(\.locale)
            if !locales.contains(paywall.value.defaultLocale) {
                issues.report(paywall.pointer.appending(paywall.value.localizations.isEmpty ? "localizations" : "default_locale"),
                              "the default locale '\(paywall.value.defaultLocale)' has no localization")
            }
        }
        for placement in export.placements {
            checkAudiences(of: placement, segmentIDs: segmentIDs, paywallIDs: paywallIDs)
        }
    }

    private func checkAudiences(of placement: Located<Placement>, segmentIDs: Set<String>, paywallIDs: Set<String>) {
        let audiences = placement.value.audiences
        let pointer = placement.pointer.appending("audiences")
        let defaults = audiences.enumerated().filter { $0.element.isDefault }
        if audiences.isEmpty {
            issues.report(pointer, "a placement needs at least one audience")
        } else if defaults.isEmpty {
            issues.report(pointer, "no default audience (one with empty segment_ids, such as \"All Users\")")
        } else if defaults.count > 1 {
            let names = defaults.map { "'\($0.element.name)'" }.joined(separator: ", ")
            issues.report(pointer.appending(defaults[1].offset).appending("segment_ids"), "more than one default audience: \(names)")
        }
        var priorities: [Int: String] = [:]
        var variationIDs: Set<String> = []
        for (index, audience) in audiences.enumerated() {
            let audiencePointer = pointer.appending(index)
            if let other = priorities[audience.priority] {
                issues.report(audiencePointer.appending("priority"), "priority \(audience.priority) is also the priority of audience '\(other)'")
            }
            priorities[audience.priority] = audience.name
            for (segmentIndex, segmentID) in audience.segmentIDs.enumerated() where !segmentIDs.contains(segmentID) {
                issues.report(audiencePointer.appending("segment_ids").appending(segmentIndex), "no segment has id '\(segmentID)'")
            }
            if audience.variations.isEmpty {
                issues.report(audiencePointer.appending("variations"), "an audience needs at least one variation")
            } else if audience.variations.map(\.weight).reduce(0, +) != 100 {
                let weights = audience.variations.map { String($0.weight) }.joined(separator: " + ")
                issues.report(audiencePointer.appending("variations"), "weights must sum to 100, not \(weights)")
            }
            for (variationIndex, variation) in audience.variations.enumerated() {
                let variationPointer = audiencePointer.appending("variations").appending(variationIndex)
                if !variationIDs.insert(variation.variationID).inserted {
                    issues.report(variationPointer.appending("variation_id"), "duplicate variation id '\(variation.variationID)' in this placement")
                }
                if !paywallIDs.contains(variation.contentKey) {
                    issues.report(variationPointer.appending("paywall_id"), "no paywall has id '\(variation.contentKey)'")
                }
            }
        }
    }

    /// Reports each repeated id at its second place.
    private func checkUnique<T>(_ elements: [Located<T>], _ noun: String, _ id: (T) -> String) {
        var seen: Set<String> = []
        for element in elements where !seen.insert(id(element.value)).inserted {
            issues.report(element.pointer.appending("id"), "duplicate \(noun) id '\(id(element.value))'")
        }
    }
}
