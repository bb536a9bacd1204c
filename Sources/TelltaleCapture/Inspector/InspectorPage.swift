/// The live inspector at `/_telltale/ui`: one self-contained page (inline styles and script,
/// no network but its own server: `connect-src 'self'`) that follows `/_telltale/stream`.
///
/// Its script builds every element with `createElement` and `textContent`, never `innerHTML`,
/// so a captured `<img onerror=…>` stays characters. Styles and script are in
/// `InspectorPage+Styles.swift` and `InspectorPage+Script.swift`.
enum InspectorPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:">
        <title>Telltale capture</title>
        <style>
        \(css)</style>
        </head>
        <body>
        <noscript><p>The inspector needs JavaScript. The same events are at /_telltale/events and in the capture log.</p></noscript>
        <div id="app"></div>
        <script>
        \(script)</script>
        </body>
        </html>

        """
}
