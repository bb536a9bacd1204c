import TelltaleWebAssets

/// The live inspector at `/_telltale/ui`: one self-contained page (inline styles and scripts,
/// no network but its own server: `connect-src 'self'`) that follows `/_telltale/stream`. Its
/// styles and scripts are TelltaleWebAssets' files (`Inspector/`, after the shared ones).
///
/// Its scripts build every element with `createElement` and `textContent`, never `innerHTML`,
/// so a captured `<img onerror=…>` stays characters.
enum InspectorPage {
    static let html = WebPage(
        title: "Telltale capture", connectsToItsServer: true,
        noscript: "The inspector needs JavaScript. The same events are at /_telltale/events and in the capture log.",
        styles: WebAssets.sharedStyles + WebAssets.Inspector.styles, scripts: WebAssets.sharedScripts + WebAssets.Inspector.scripts
    ).html
}
