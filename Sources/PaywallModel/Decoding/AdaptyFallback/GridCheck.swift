/// Checks one grid of a flow's `ui_schema` (the vendor's schema). What the vendor's SDK decodes when it loads the
/// file is required: `platforms` and `devices` are `"all"` or lists of strings, `custom_id` a string, breakpoints
/// and `cells` lists of integers. What it only needs to show the flow is warned about: breakpoints positive and
/// ascending, and one layout index per cell, `(breakpoints across + 1) × (breakpoints down + 1)` of them.
struct GridCheck {
    let issues: IssueCollector
    let layoutCount: Int

    /// False when what the SDK loads does not hold (reported).
    func check(_ grid: FieldReader) -> Bool {
        let before = issues.reportCount
        for key in ["platforms", "devices"] { checkSelector(grid, key) }
        _ = grid.string("custom_id", required: false)
        let across = breakpoints(grid, "h_breakpoints")
        let down = breakpoints(grid, "v_breakpoints")
        if let cells = integers(grid, "cells", required: true) {
            // Bounded: each breakpoint count is at most the file's size, and a grid that big is warned about anyway.
            let (expected, overflow) = (across + 1).multipliedReportingOverflow(by: down + 1)
            if overflow || cells.count != expected {
                issues.warn(grid.at("cells"), "expected \(overflow ? "more" : String(expected)) cells for \(across) horizontal and \(down) vertical breakpoints, "
                    + "found \(cells.count) (the vendor's SDK would not show this flow on every screen)")
            }
            for (index, cell) in cells.enumerated() where !(0..<layoutCount).contains(cell) {
                issues.warn(grid.at("cells").appending(index), "expected the index of one of the \(layoutCount) layouts, found \(cell) "
                    + "(the vendor's SDK would not show this flow where it is used)")
            }
        }
        return issues.reportCount == before
    }

    private func checkSelector(_ grid: FieldReader, _ key: String) {
        guard let value = grid.value(key, required: false), value != .string("all") else { return }
        guard case .array = value else {
            issues.report(grid.at(key), "expected \"all\" or a list of names, found \(value.kind)")
            return
        }
        _ = grid.strings(key)
    }

    /// How many breakpoints `key` lists (0 when absent); each must be an integer, and is warned about unless it is
    /// positive and above the last.
    private func breakpoints(_ grid: FieldReader, _ key: String) -> Int {
        guard let values = integers(grid, key, required: false) else { return 0 }
        var last = 0
        for (index, value) in values.enumerated() {
            if value <= last {
                issues.warn(grid.at(key).appending(index), "expected a positive integer above \(last), found \(value) "
                    + "(the vendor's SDK would not show this flow on every screen)")
            }
            last = max(last, value)
        }
        return values.count
    }

    /// The integers `key` lists: nil when absent, or when an element is no integer (reported).
    private func integers(_ grid: FieldReader, _ key: String, required: Bool) -> [Int]? {
        guard let elements = grid.array(key, required: required) else { return nil }
        var values: [Int] = []
        for element in elements {
            guard case let .number(literal) = element.value, let value = Int(literal) else {
                issues.report(element.pointer, "expected an integer, found \(element.value.rendered())")
                continue
            }
            values.append(value)
        }
        return values.count == elements.count ? values : nil
    }
}
