extension HTMLReportTemplate {
    /// Light and dark themes through CSS variables; `prefers-color-scheme` chooses, the toggle overrides.
    static let css = #"""
        :root {
          --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa; --hover: #eef1f4;
          --sel: #ddf4ff; --accent: #0969da; --pass: #1a7f37; --fail: #cf222e; --error: #bc4c00; --skip: #6e7781;
          --flaky: #9a6700; --code: #f6f8fa; --focus: #0969da;
          color-scheme: light;
        }
        :root[data-theme="dark"] {
          --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23; --hover: #1c2430;
          --sel: #1f3a5f; --accent: #4493f8; --pass: #3fb950; --fail: #f85149; --error: #db6d28; --skip: #9198a1;
          --flaky: #d29922; --code: #151b23; --focus: #4493f8;
          color-scheme: dark;
        }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23; --hover: #1c2430;
            --sel: #1f3a5f; --accent: #4493f8; --pass: #3fb950; --fail: #f85149; --error: #db6d28; --skip: #9198a1;
            --flaky: #d29922; --code: #151b23; --focus: #4493f8;
            color-scheme: dark;
          }
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { background: var(--bg); color: var(--fg); font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; display: flex; flex-direction: column; }
        code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
        button { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
        button:hover { background: var(--hover); }
        button:focus-visible, input:focus-visible, .list:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        #app { flex: 1; min-height: 0; display: flex; flex-direction: column; }
        header.top { padding: 14px 20px 10px; border-bottom: 1px solid var(--line); background: var(--panel); }
        .title-row { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
        h1 { font-size: 20px; margin: 0; font-weight: 600; }
        .verdict { font-weight: 700; border-radius: 999px; padding: 1px 10px; color: #fff; font-size: 12px; letter-spacing: .04em; }
        .verdict.passed { background: var(--pass); } .verdict.failed { background: var(--fail); }
        .spacer-flex { flex: 1; }
        .meta { color: var(--muted); margin-top: 4px; font-size: 12.5px; }
        .meta span + span::before { content: "·"; margin: 0 6px; }
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
        .detail-pane { overflow-y: auto; padding: 14px 20px 40px; min-width: 0; }
        .detail-pane h2 { font-size: 17px; margin: 0 0 6px; word-break: break-all; }
        .facts { color: var(--muted); display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-bottom: 10px; }
        .hint { color: var(--muted); }
        kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; font-size: 12px; background: var(--panel); }
        section.block { margin-top: 16px; }
        section.block > h3 { font-size: 14px; margin: 0 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
        .message { border-left: 3px solid var(--fail); background: var(--code); padding: 6px 10px; margin: 6px 0; border-radius: 0 6px 6px 0; }
        .message.knownIssue { border-color: var(--flaky); } .message.skip { border-color: var(--skip); }
        .message .where { color: var(--muted); font-size: 12px; margin-bottom: 2px; }
        pre { white-space: pre-wrap; word-break: break-word; margin: 0; }
        pre.output { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; max-height: 480px; overflow: auto; }
        .attempt { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
        .attempt > .head { font-weight: 600; }
        details > summary { cursor: pointer; }
        ol.timeline { list-style: none; padding: 0; margin: 0; }
        ol.timeline > li { display: grid; grid-template-columns: 86px minmax(120px, max-content) 1fr; gap: 4px 12px; padding: 5px 0; border-bottom: 1px solid var(--line); align-items: start; }
        .offset { color: var(--muted); text-align: right; }
        .ev-name { font-weight: 600; word-break: break-all; }
        .ev-name .source { font-weight: 400; color: var(--muted); margin-left: 6px; font-size: 12px; }
        .tree { margin: 0; padding-left: 14px; list-style: none; }
        .tree.root { padding-left: 0; }
        .tree .k { color: var(--accent); }
        .tree .v-string { color: var(--pass); word-break: break-word; }
        .tree .v-number, .tree .v-bool, .tree .v-null { color: var(--error); }
        .tree .count { color: var(--muted); }
        .more { margin-top: 8px; }
        @media (max-width: 900px) {
          body, #app { display: block; height: auto; }
          main.layout { display: block; }
          .list-pane { border-right: none; border-bottom: 1px solid var(--line); }
          .list { height: 50vh; flex: none; }
        }

        """#
}
