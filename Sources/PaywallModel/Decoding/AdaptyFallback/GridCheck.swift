/// Checks one grid of a flow's `ui_schema` (the vendor's schema): `platforms` and `devices` are `"all"`
/// or lists of strings, breakpoints are positive and ascending, and `cells` holds one layout index per
/// cell, `(breakpoints across + 1) × (breakpoints down + 1)` of them, each naming a layout.
struct GridCheck {
    let issues: IssueCollector
    let layoutCount: Int

    func check(_ grid: FieldReader) -> Bool {
        let before = issues.reportCount
        for key in ["platforms", "devices"] { checkSelector(grid, key) }
        _ = grid.string("custom_id", required: false)
        let across = breakpoints(grid, "h_breakpoints")
        let down = breakpoints(grid, "v_breakpoints")
        if let cells = grid.array("cells") {
            let expected = (across + 1) * (down + 1)
            if cells.count != expected {
                issues.report(grid.at("cells"), "expected \(expected) cells for \(across) horizontal and \(down) vertical breakpoints, found \(cells.count)")
            }
            for cell in cells where !isLayoutIndex(cell.value) {
                issues.report(cell.pointer, "expected the index of one of the \(layoutCount) layouts, found \(cell.value.rendered())")
            }
        }
        return issues.reportCount == before
    }

    private func isLayoutIndex(_ value: JSONValue) -> Bool {
        guard case let .number(literal) = value, let index = Int(literal) else { return false }
        return (0..<layoutCount).contains(index)
    }

    private func checkSelector(_ grid: FieldReader, _ key: String) {
        guard let value = grid.value(key, required: false), value != .string("all") else { return }
        guard case .array = value else {
            issues.report(grid.at(key), "expected \"all\" or a list of names, found \(value.kind)")
            return
        }
        _ = grid.strings(key)
    }

    /// How many breakpoints `key` lists (0 when absent); each must be a positive integer above the last.
    private func breakpoints(_ grid: FieldReader, _ key: String) -> Int {
        guard let elements = grid.array(key, required: false) else { return 0 }
        var last = 0
        for element in elements {
            guard case let .number(literal) = element.value, let value = Int(literal), value > last else {
                issues.report(element.pointer, "expected a positive integer above \(last), found \(element.value.rendered())")
                continue
            }
            last = value
        }
        return elements.count
    }
}
