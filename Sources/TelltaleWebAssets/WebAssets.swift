/// The HTML report's (`index.html`) and the capture inspector's (`/_telltale/ui`) scripts and
/// styles: real `.js` and `.css` files in this target's `Shared/`, `Report/` and `Inspector/`
/// folders, embedded into the binary when it is built (`resources: [.embedInCode(…)]` in
/// Package.swift makes SwiftPM write each file's bytes into `PackageResources`; nothing is read
/// from a bundle at run time), so both pages are single self-contained files that open from
/// `file://`. `WebPage` writes a page around them.
///
/// What both pages share is written once in `Shared/`: the palette, base and pane styles
/// (`page.css`), the DOM helpers (`dom.js`: every element made with `createElement` and its text
/// set with `textContent`, never markup), the JSON tree (`json-tree.js`) and the list pane with
/// its keyboard (`list-pane.js`), all under the global `Telltale` the pages' own scripts use.
package enum WebAssets {
    /// The first style sheet of both pages.
    package static let sharedStyles = [WebAsset("page.css", PackageResources.page_css)]
    /// The first scripts of both pages, in order.
    package static let sharedScripts = [
        WebAsset("dom.js", PackageResources.dom_js), WebAsset("json-tree.js", PackageResources.json_tree_js),
        WebAsset("list-pane.js", PackageResources.list_pane_js),
    ]

    /// The capture inspector's own files, after the shared ones.
    package enum Inspector {
        package static let styles = [WebAsset("inspector.css", PackageResources.inspector_css)]
        package static let scripts = [
            WebAsset("inspector-details.js", PackageResources.inspector_details_js),
            WebAsset("inspector-stream.js", PackageResources.inspector_stream_js), WebAsset("inspector.js", PackageResources.inspector_js),
        ]
    }
}

/// One of the pages' files: its name in this target and its text.
package struct WebAsset: Sendable, Hashable {
    package let name: String
    package let text: String

    init(_ name: String, _ bytes: [UInt8]) {
        self.name = name
        text = String(decoding: bytes, as: UTF8.self)
    }
}
