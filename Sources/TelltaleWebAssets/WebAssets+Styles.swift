extension WebAssets {
    /// GitHub's light palette as custom properties (declarations for a `:root` rule), the
    /// colours both pages are drawn in; each page adds its own status colours beside them.
    public static let lightColors = """
          --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa; --hover: #eef1f4;
          --sel: #ddf4ff; --accent: #0969da; --pass: #1a7f37; --fail: #cf222e; --code: #f6f8fa; --focus: #0969da;

        """

    /// The dark palette, for `prefers-color-scheme: dark` (and the report's theme toggle).
    public static let darkColors = """
          --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23; --hover: #1c2430;
          --sel: #1f3a5f; --accent: #4493f8; --pass: #3fb950; --fail: #f85149; --code: #151b23; --focus: #4493f8;

        """

    /// Box sizing, a page without margins, the monospace face, and preformatted text that wraps.
    public static let baseCSS = """
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
        pre { white-space: pre-wrap; word-break: break-word; margin: 0; }

        """

    /// The header's title row and its line of facts (`·` between them).
    public static let headerCSS = """
        .title-row { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
        .meta { color: var(--muted); margin-top: 4px; font-size: 12.5px; }
        .meta span + span::before { content: "·"; margin: 0 6px; }

        """

    /// The details pane: its heading, hints, keys, and titled sections (`section(title)`).
    public static let detailPaneCSS = """
        .detail-pane { overflow-y: auto; padding: 14px 20px 40px; min-width: 0; }
        .detail-pane h2 { font-size: 17px; margin: 0 0 6px; word-break: break-all; }
        .hint { color: var(--muted); }
        kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; font-size: 12px; background: var(--panel); }
        section.block { margin-top: 16px; }
        section.block > h3 { font-size: 14px; margin: 0 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }

        """

    /// What `jsonTree` draws: keys, strings, and numbers, booleans and null in `scalarColor`
    /// (a CSS colour, such as `var(--warn)`).
    public static func jsonTreeCSS(scalarColor: String) -> String {
        """
        details > summary { cursor: pointer; }
        .tree { margin: 0; padding-left: 14px; list-style: none; }
        .tree.root { padding-left: 0; }
        .tree .k { color: var(--accent); }
        .tree .v-string { color: var(--pass); word-break: break-word; }
        .tree .v-number, .tree .v-bool, .tree .v-null { color: \(scalarColor); }
        .tree .count { color: var(--muted); }

        """
    }
}
