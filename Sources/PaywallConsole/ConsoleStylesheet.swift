/// The console's one stylesheet, `GET /console/console.css`: pages carry no style of their own, so the
/// Content-Security-Policy needs no `'unsafe-inline'`. Logical properties (`margin-inline-start`) keep a
/// right-to-left card laid out as its language reads.
public enum ConsoleStylesheet {
    public static let path = "/console/console.css"

    public static let text = """
        :root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0b57d0; --warn: #9a3412;
          --good: #166534; --bad: #b91c1c; --paper: #ffffff; --tint: #f6f8fa; font-family: system-ui, sans-serif; }
        body { margin: 0; color: var(--ink); background: var(--paper); line-height: 1.45; }
        body > header { background: var(--tint); border-block-end: 1px solid var(--line); padding: 0.5rem 1rem; }
        header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
        main { padding: 1rem; max-width: 100rem; }
        a { color: var(--accent); }
        a:focus, button:focus, input:focus, select:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
        h1 { font-size: 1.5rem; margin-block: 0.5rem 1rem; }
        h2 { font-size: 1.2rem; margin-block: 1.5rem 0.5rem; }
        h3 { font-size: 1rem; margin-block: 0.75rem 0.25rem; }
        table { border-collapse: collapse; margin-block: 0.5rem; }
        th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: start; vertical-align: top; }
        th { background: var(--tint); }
        td.number, th.number { text-align: end; font-variant-numeric: tabular-nums; }
        .muted { color: var(--muted); }
        .notice { border: 1px solid var(--line); border-inline-start: 4px solid var(--accent); padding: 0.5rem 0.75rem; margin-block: 0.75rem; }
        .notice.warning { border-inline-start-color: var(--warn); }
        .notice.good { border-inline-start-color: var(--good); }
        .notice.bad { border-inline-start-color: var(--bad); }
        form.filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-block: 0.5rem; }
        form.filters label { display: flex; flex-direction: column; font-size: 0.9rem; }
        input, select, button { font: inherit; padding: 0.25rem 0.5rem; }
        button { border: 1px solid var(--accent); background: var(--accent); color: #ffffff; border-radius: 4px; cursor: pointer; }
        .cards { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
        .card { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem; flex: 1 1 18rem; max-width: 28rem; background: var(--paper); }
        .card h3 { margin-block-start: 0; }
        .card dl { margin: 0; }
        .card dt { font-size: 0.8rem; color: var(--muted); }
        .card dd { margin: 0 0 0.4rem 0; }
        .from { font-size: 0.75rem; color: var(--muted); margin-inline-start: 0.4rem; }
        .fallback .from { color: var(--warn); font-weight: 600; }
        .flag { color: var(--warn); font-weight: 600; }
        .result-exact { background: #dcfce7; }
        .result-fallback { background: #fef9c3; }
        .result-default { background: #fee2e2; }
        .result-none { background: var(--tint); }
        .differs { background: #fef9c3; }
        pre, code { font-family: ui-monospace, monospace; font-size: 0.85rem; }
        pre { background: var(--tint); padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
        .chart { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
        svg text { font-size: 11px; fill: var(--ink); }
        svg .axis { stroke: var(--muted); stroke-width: 1; }
        svg .interval { stroke: var(--accent); stroke-width: 3; }
        svg .point { fill: var(--accent); }
        svg .bar { fill: var(--accent); }
        .wide { overflow-x: auto; max-width: 100%; }
        table.heat td { font-size: 0.75rem; padding: 0.1rem 0.25rem; text-align: center; }
        table.heat thead th { font-size: 0.75rem; white-space: nowrap; }
        ul.columns { columns: 16rem; }
        .pages { display: flex; gap: 1rem; margin-block: 0.5rem; }
        .skip { position: absolute; inset-inline-start: -100rem; }
        .skip:focus { inset-inline-start: 1rem; background: var(--paper); }

        """
}
