import TelltaleWebAssets

extension HTMLReportTemplate {
    /// Light and dark themes through CSS variables (the palette shared with the capture
    /// inspector through `WebAssets`); `prefers-color-scheme` chooses, the toggle overrides.
    static let css = #"""
        :root {
        \#(WebAssets.lightColors)  --error: #bc4c00; --skip: #6e7781; --flaky: #9a6700;
          color-scheme: light;
        }
        :root[data-theme="dark"] {
        \#(darkColors)  color-scheme: dark;
        }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) {
        \#(darkColors)    color-scheme: dark;
          }
        }
        \#(WebAssets.baseCSS)body { background: var(--bg); color: var(--fg); font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; display: flex; flex-direction: column; }
        button { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
        button:hover { background: var(--hover); }
        button:focus-visible, input:focus-visible, .list:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        #app { flex: 1; min-height: 0; display: flex; flex-direction: column; }
        header.top { padding: 14px 20px 10px; border-bottom: 1px solid var(--line); background: var(--panel); }
        \#(WebAssets.headerCSS)h1 { font-size: 20px; margin: 0; font-weight: 600; }
        .verdict { font-weight: 700; border-radius: 999px; padding: 1px 10px; color: #fff; font-size: 12px; letter-spacing: .04em; }
        .verdict.passed { background: var(--pass); } .verdict.failed { background: var(--fail); }
        .spacer-flex { flex: 1; }
        .stats { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 10px; }
        .stat { border: 1px solid var(--line); background: var(--bg); border-radius: 8px; padding: 4px 12px; min-width: 84px; }
        .stat .value { font-size: 20px; font-weight: 600; display: block; }
        .stat .label { color: var(--muted); font-size: 12px; }
        .stat.failed .value, .stat.errors .value { color: var(--fail); }
        .stat.passed .value { color: var(--pass); } .stat.flaky .value { color: var(--flaky); } .stat.skipped .value { color: var(--skip); }
        .stat.zero .value { color: var(--muted); }
        .notes { margin-top: 8px; }
        .notes pre { white-space: pre-wrap; margin: 4px 0; }
        main.layout { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(320px, 42%) 1fr; }
        .list-pane { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line); }
        .controls { padding: 10px 12px 6px; display: flex; flex-direction: column; gap: 8px; }
        #search { width: 100%; font: inherit; padding: 5px 9px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
        .filters { display: flex; gap: 6px; flex-wrap: wrap; }
        .filters button[aria-pressed="true"] { background: var(--sel); border-color: var(--accent); }
        .shown { color: var(--muted); font-size: 12px; padding: 0 12px 6px; }
        .list { flex: 1; min-height: 0; overflow-y: auto; position: relative; outline: none; }
        .rows { position: relative; }
        .row { position: absolute; left: 0; right: 0; height: 30px; display: flex; align-items: center; gap: 8px; padding: 0 12px; cursor: pointer; border-bottom: 1px solid var(--line); white-space: nowrap; }
        .row:hover { background: var(--hover); }
        .row[aria-selected="true"] { background: var(--sel); box-shadow: inset 3px 0 0 var(--accent); }
        .row .name { overflow: hidden; text-overflow: ellipsis; flex: 1; }
        .row .suite { color: var(--muted); }
        .row .dur { color: var(--muted); font-size: 12px; }
        .htag { font-size: 11px; line-height: 15px; border: 1px solid currentColor; border-radius: 4px; padding: 0 4px; }
        .badge { display: inline-block; min-width: 52px; text-align: center; font-size: 11px; font-weight: 700; border-radius: 4px; padding: 0 5px; color: #fff; letter-spacing: .03em; }
        .badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); } .badge.error { background: var(--error); }
        .badge.skipped { background: var(--skip); } .badge.flaky { background: var(--flaky); }
        .badge.failure { background: var(--fail); } .badge.knownIssue { background: var(--flaky); } .badge.skip { background: var(--skip); }
        \#(WebAssets.detailPaneCSS).facts { color: var(--muted); display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-bottom: 10px; }
        .message { border-left: 3px solid var(--fail); background: var(--code); padding: 6px 10px; margin: 6px 0; border-radius: 0 6px 6px 0; }
        .message.knownIssue { border-color: var(--flaky); } .message.skip { border-color: var(--skip); }
        .message .where { color: var(--muted); font-size: 12px; margin-bottom: 2px; }
        pre.output { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; max-height: 480px; overflow: auto; }
        .attempt { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
        .attempt > .head { font-weight: 600; }
        ol.timeline { list-style: none; padding: 0; margin: 0; }
        ol.timeline > li { display: grid; grid-template-columns: 86px minmax(120px, max-content) 1fr; gap: 4px 12px; padding: 5px 0; border-bottom: 1px solid var(--line); align-items: start; }
        .offset { color: var(--muted); text-align: right; }
        .ev-name { font-weight: 600; word-break: break-all; }
        .ev-name .source { font-weight: 400; color: var(--muted); margin-left: 6px; font-size: 12px; }
        \#(WebAssets.jsonTreeCSS(scalarColor: "var(--error)")).more { margin-top: 8px; }
        @media (max-width: 900px) {
          body, #app { display: block; height: auto; }
          main.layout { display: block; }
          .list-pane { border-right: none; border-bottom: 1px solid var(--line); }
          .list { height: 50vh; flex: none; }
        }

        """#

    /// The shared dark palette and the report's own status colours, for the toggle and the system's choice alike.
    private static let darkColors = WebAssets.darkColors + "  --error: #db6d28; --skip: #9198a1; --flaky: #d29922;\n"
}
