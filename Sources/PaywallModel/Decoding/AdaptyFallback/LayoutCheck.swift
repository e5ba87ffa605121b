/// Checks what the vendor's SDKs require of a layout's frame when they decode it, which the model does
/// not read (it keeps the layout in the document it was imported from): a Paywall Builder
/// configuration of formats 8 and 9 (`AdaptyViewSource`, `AdaptyUISchema` of SDK 3.x), or a UI schema
/// of `ui_builder` in formats 10 and 11 (`AdaptyUISchema` of SDK 4.x). The element trees inside screens
/// are the vendor's and are not checked, past each screen's `content` being an element.
struct LayoutCheck {
    enum Kind {
        /// `paywall_builder_config`: `format`, `template_id`, `template_revision` and `styles` with a
        /// `default` screen; a `products` object names what is `selected`.
        case paywallBuilder
        /// A UI schema: from format 4.8 on `format` and `screens` (an object of screens, maybe empty);
        /// before it the 4.x frame of `template_id` and `styles` with a `default` screen.
        case uiSchema
    }

    let issues: IssueCollector

    /// False when a requirement does not hold (reported).
    func check(_ layout: FieldReader, as kind: Kind) -> Bool {
        let before = issues.reportCount
        let format = layout.string("format")
        switch kind {
        case .paywallBuilder:
            _ = layout.string("template_id")
            _ = layout.integer("template_revision", in: 0...Int.max)
            checkScreens(layout, "styles", requiringDefault: true)
            if let products = layout.reader("products", required: false) {
                checkSelectedProducts(products)
            }
        case .uiSchema:
            if let format, Self.isLegacy(format) {
                _ = layout.string("template_id")
                checkScreens(layout, "styles", requiringDefault: true)
            } else if format != nil {
                checkScreens(layout, "screens", requiringDefault: false)
                checkScripts(layout)
            }
        }
        return issues.reportCount == before
    }

    /// Whether a UI schema's `format` is the 4.x form: the SDKs read a version below 4.8 that way.
    static func isLegacy(_ format: String) -> Bool {
        let parts = format.split(whereSeparator: { " -.".contains($0) }).prefix(2).map { Int($0) ?? 0 }
        let (major, minor) = (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
        return major < 4 || (major == 4 && minor < 8)
    }

    /// `key`: an object of screens, each with an element as its `content`.
    private func checkScreens(_ layout: FieldReader, _ key: String, requiringDefault: Bool) {
        guard let screens = layout.reader(key) else { return }
        if requiringDefault, screens.isAbsent("default") { issues.report(screens.at("default"), "required: the screen shown first") }
        for member in screens.object.members {
            guard let screen = screens.reader(member.key), let content = screen.reader("content") else { continue }
            _ = content.string("type")
        }
    }

    /// `products.selected`: a product id, or product ids by group.
    private func checkSelectedProducts(_ products: FieldReader) {
        guard let selected = products.value("selected") else { return }
        switch selected {
        case .string: break
        case .object: _ = products.reader("selected").map { group in group.object.keys.forEach { _ = group.string($0) } }
        default: issues.report(products.at("selected"), "expected a product id or an object of product ids, found \(selected.kind)")
        }
    }

    /// `scripts`: a list whose first script of JavaScript (`type` absent or `js`) has its `content`.
    private func checkScripts(_ layout: FieldReader) {
        guard let scripts = layout.array("scripts", required: false) else { return }
        for script in scripts {
            guard let entry = FieldReader(script.value, at: script.pointer, issues: issues) else { continue }
            guard entry.isAbsent("type") || entry.object["type"] == .string("js") else { continue }
            _ = entry.string("content")
            return
        }
    }
}
