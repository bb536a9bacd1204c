/// One self-contained page (`index.html`, the inspector): a document whose style sheets and
/// scripts are inline, its content security policy allowing nothing else (no network but, for
/// the inspector, its own server), and an empty `#app` that the scripts fill.
///
/// A report puts its data between `opening` and `closing`, where the scripts (which come last)
/// can read it.
package struct WebPage: Sendable {
    /// The document's title, already escaped as HTML text.
    package var title: String
    /// A `generator` meta tag's content, already escaped as an attribute; nil for none.
    package var generator: String?
    /// Whether the scripts may fetch from the server that sent the page (`connect-src 'self'`).
    package var connectsToItsServer: Bool
    /// What the page says when scripts do not run, as HTML text.
    package var noscript: String
    package var styles: [WebAsset]
    package var scripts: [WebAsset]

    package init(
        title: String, generator: String? = nil, connectsToItsServer: Bool = false, noscript: String, styles: [WebAsset], scripts: [WebAsset]
    ) {
        self.title = title
        self.generator = generator
        self.connectsToItsServer = connectsToItsServer
        self.noscript = noscript
        self.styles = styles
        self.scripts = scripts
    }

    /// The document up to the empty `#app`, with every style sheet.
    package var opening: String {
        let connect = connectsToItsServer ? " connect-src 'self';" : ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline';\(connect) img-src data:">
            \(generator.map { "<meta name=\"generator\" content=\"\($0)\">\n" } ?? "")<title>\(title)</title>
            <style>
            \(styles.map(\.text).joined())</style>
            </head>
            <body>
            <noscript><p>\(noscript)</p></noscript>
            <div id="app"></div>

            """
    }

    /// Every script, each in an element of its own and named for its file (`sourceURL`: an
    /// error in it says `report.js:LINE`, the line as the file has it), and the end of the document.
    package var closing: String {
        scripts.map { "<script>\($0.text)//# sourceURL=\($0.name)\n</script>\n" }.joined() + "</body>\n</html>\n"
    }

    package var html: String { opening + closing }
}
