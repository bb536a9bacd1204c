import TelltaleWebAssets

extension InspectorPage {
    /// The test report's palette and type (light and dark by `prefers-color-scheme`; shared
    /// through `WebAssets`), for a header, a filter bar, a live table and a details pane.
    static let css = #"""
        :root {
        \#(WebAssets.lightColors)  --warn: #9a6700;
          color-scheme: light;
        }
        @media (prefers-color-scheme: dark) {
          :root {
        \#(WebAssets.darkColors)    --warn: #d29922;
            color-scheme: dark;
          }
        }
        \#(WebAssets.baseCSS)body { background: var(--bg); color: var(--fg); font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
        button, select, input { font: inherit; color: inherit; }
        button { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
        button:hover { background: var(--hover); }
        button:focus-visible, input:focus-visible, select:focus-visible, .table:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        input[type="search"], input[type="text"], select { padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); }
        #app { height: 100%; display: flex; flex-direction: column; }
        header.top { padding: 12px 20px 10px; border-bottom: 1px solid var(--line); background: var(--panel); }
        \#(WebAssets.headerCSS)h1 { font-size: 19px; margin: 0; font-weight: 600; }
        .status { font-weight: 700; border-radius: 999px; padding: 1px 10px; color: #fff; font-size: 12px; letter-spacing: .04em; background: var(--muted); }
        .status.live { background: var(--pass); } .status.reconnecting { background: var(--fail); } .status.paused { background: var(--warn); }
        .spacer { flex: 1; }
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
        \#(WebAssets.detailPaneCSS).facts { color: var(--muted); display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 10px; }
        .facts dd { margin: 0; color: var(--fg); word-break: break-all; }
        .verdict-good { color: var(--pass); } .verdict-bad { color: var(--fail); }
        .violation { border-left: 3px solid var(--fail); background: var(--code); padding: 6px 10px; margin: 6px 0; border-radius: 0 6px 6px 0; }
        .violation .where { color: var(--muted); font-size: 12px; }
        pre.raw { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; max-height: 420px; overflow: auto; }
        \#(WebAssets.jsonTreeCSS(scalarColor: "var(--warn)"))@media (max-width: 900px) {
          main.layout { display: block; }
          .list-pane { border-right: none; border-bottom: 1px solid var(--line); height: 55vh; }
        }

        """#
}
