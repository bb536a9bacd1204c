/// What the HTML report (`index.html`) and the capture inspector (`/_telltale/ui`) share, kept
/// once: the palette, the base styles, the details pane's styles, the DOM helpers and the JSON
/// tree. Both pages are self-contained (no network, one inline style sheet and script), so
/// these are text the pages interpolate where the rules and functions go.
///
/// Styles are whole rules, one a line, each ending with a newline; scripts are whole lines
/// indented for the top level of the function a page's script runs in. Neither page may
/// assign `innerHTML`: the helpers build every element with `createElement` and `textContent`.
public enum WebAssets {}
