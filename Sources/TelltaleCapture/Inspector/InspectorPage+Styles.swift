extension InspectorPage {
    /// The test report's palette and type (light and dark by `prefers-color-scheme`), for a
    /// header, a filter bar, a live table and a details pane.
    static let css = #"""
        :root {
          --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa; --hover: #eef1f4;
          --sel: #ddf4ff; --accent: #0969da; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --code: #f6f8fa; --focus: #0969da;
          color-scheme: light;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23; --hover: #1c2430;
            --sel: #1f3a5f; --accent: #4493f8; --pass: #3fb950; --fail: #f85149; --warn: #d29922; --code: #151b23; --focus: #4493f8;
            color-scheme: dark;
          }
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { background: var(--bg); color: var(--fg); font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
        code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
        button, select, input { font: inherit; color: inherit; }
        button { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
        button:hover { background: var(--hover); }
        button:focus-visible, input:focus-visible, select:focus-visible, .table:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        input[type="search"], input[type="text"], select { padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); }
        #app { height: 100%; display: flex; flex-direction: column; }
        header.top { padding: 12px 20px 10px; border-bottom: 1px solid var(--line); background: var(--panel); }
        .title-row { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
        h1 { font-size: 19px; margin: 0; font-weight: 600; }
        .status { font-weight: 700; border-radius: 999px; padding: 1px 10px; color: #fff; font-size: 12px; letter-spacing: .04em; background: var(--muted); }
        .status.live { background: var(--pass); } .status.reconnecting { background: var(--fail); } .status.paused { background: var(--warn); }
        .spacer { flex: 1; }
        .meta { color: var(--muted); margin-top: 4px; font-size: 12.5px; }
        .meta span + span::before { content: "·"; margin: 0 6px; }
        .note { margin-top: 6px; color: var(--warn); font-size: 12.5px; }
        .filters { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; padding: 8px 20px; border-bottom: 1px solid var(--line); }
        .filters #filter-text { flex: 1; min-width: 220px; }
        .filters input[type="text"] { width: 140px; }
        .filters label { display: inline-flex; gap: 4px; align-items: center; color: var(--muted); }
        .tabs { display: flex; gap: 4px; padding: 6px 20px 0; border-bottom: 1px solid var(--line); }
        .tabs button { border-bottom: none; border-radius: 6px 6px 0 0; }
        .tabs button[aria-selected="true"] { background: var(--bg); border-color: var(--accent); box-shadow: inset 0 2px 0 var(--accent); }
        main.layout { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(420px, 58%) 1fr; }
        .list-pane { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line); }
        .shown { color: var(--muted); font-size: 12px; padding: 4px 12px; }
        .table { flex: 1; min-height: 0; overflow-y: auto; outline: none; }
        .head-row, .event-row, .bad-row { display: grid; gap: 8px; padding: 3px 12px; align-items: center; border-bottom: 1px solid var(--line); white-space: nowrap; }
        .head-row, .event-row { grid-template-columns: 92px 20px 84px minmax(120px, 1.4fr) minmax(70px, .8fr) minmax(80px, 1fr); }
        .bad-row, .bad-head { grid-template-columns: 92px 44px 52px minmax(120px, 1fr) minmax(160px, 2fr); }
        .head-row { position: sticky; top: 0; background: var(--panel); color: var(--muted); font-size: 12px; font-weight: 600; z-index: 1; }
        .event-row, .bad-row { cursor: pointer; }
        .event-row:hover, .bad-row:hover { background: var(--hover); }
        .event-row[aria-selected="true"], .bad-row[aria-selected="true"] { background: var(--sel); box-shadow: inset 3px 0 0 var(--accent); }
        .event-row > span, .bad-row > span { overflow: hidden; text-overflow: ellipsis; }
        .time { color: var(--muted); font-size: 12px; }
        .source { color: var(--muted); font-size: 12px; }
        .name { font-weight: 600; }
        .check-good { color: var(--pass); font-weight: 700; } .check-bad { color: var(--fail); font-weight: 700; }
        .empty { color: var(--muted); padding: 16px 12px; }
        .detail-pane { overflow-y: auto; padding: 14px 20px 40px; min-width: 0; }
        .detail-pane h2 { font-size: 17px; margin: 0 0 6px; word-break: break-all; }
        .facts { color: var(--muted); display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 10px; }
        .facts dd { margin: 0; color: var(--fg); word-break: break-all; }
        .hint { color: var(--muted); }
        kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; font-size: 12px; background: var(--panel); }
        section.block { margin-top: 16px; }
        section.block > h3 { font-size: 14px; margin: 0 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
        .verdict-good { color: var(--pass); } .verdict-bad { color: var(--fail); }
        .violation { border-left: 3px solid var(--fail); background: var(--code); padding: 6px 10px; margin: 6px 0; border-radius: 0 6px 6px 0; }
        .violation .where { color: var(--muted); font-size: 12px; }
        pre { white-space: pre-wrap; word-break: break-word; margin: 0; }
        pre.raw { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; max-height: 420px; overflow: auto; }
        details > summary { cursor: pointer; }
        .tree { margin: 0; padding-left: 14px; list-style: none; }
        .tree.root { padding-left: 0; }
        .tree .k { color: var(--accent); }
        .tree .v-string { color: var(--pass); word-break: break-word; }
        .tree .v-number, .tree .v-bool, .tree .v-null { color: var(--warn); }
        .tree .count { color: var(--muted); }
        @media (max-width: 900px) {
          main.layout { display: block; }
          .list-pane { border-right: none; border-bottom: 1px solid var(--line); height: 55vh; }
        }

        """#
}
