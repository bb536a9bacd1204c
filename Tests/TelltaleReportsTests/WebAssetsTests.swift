import Foundation
import TelltaleTestSupport
import TelltaleWebAssets
import Testing

/// The pages' files as TelltaleWebAssets embeds them: every file in its folders is on a page, and
/// none could end the inline element it goes in or make markup from text.
@Suite(.tags(.small))
struct WebAssetsTests {
    static let styles =
        WebAssets.sharedStyles + WebAssets.Report.styles + WebAssets.Inspector.styles
        + WebAssets.Report.Feature.allCases.flatMap(\.styles)
    static let scripts =
        WebAssets.sharedScripts + [WebAssets.Report.script] + WebAssets.Inspector.scripts
        + WebAssets.Report.Feature.allCases.flatMap(\.scripts)

    @Test func everyFileInTheFoldersIsOnAPageAsItIsOnDisk() throws {
        let root = URL(fileURLWithPath: XMLLint.repositoryRoot).appendingPathComponent("Sources/TelltaleWebAssets")
        var onDisk: [String: String] = [:]
        for folder in ["Shared", "Report", "Inspector"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path) {
                onDisk[name] = try String(contentsOf: root.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
            }
        }
        let embedded = Self.styles + Self.scripts
        #expect(Set(embedded.map(\.name)) == Set(onDisk.keys))
        #expect(embedded.count == Set(embedded.map(\.name)).count, "a file is on a page twice")
        for asset in embedded { #expect(asset.text == onDisk[asset.name], "\(asset.name) differs from its file") }
    }

    @Test func noFileCanEndItsElementOrMakeMarkup() {
        for asset in Self.styles + Self.scripts {
            let text = asset.text.lowercased()
            for closing in ["</script", "</style", "<!--"] { #expect(!text.contains(closing), "\(asset.name) holds \(closing)") }
            #expect(text.hasSuffix("\n"), "\(asset.name) does not end with a line break")
        }
        for asset in Self.scripts {
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
                #expect(!asset.text.contains(sink), "\(asset.name) uses \(sink): text must go in through textContent")
            }
        }
    }

    /// Each inline script names its file, so an error in it says `report.js:LINE` as the file has it.
    @Test func eachScriptIsNamedForItsErrors() {
        let page = WebPage(title: "t", noscript: "n", styles: WebAssets.sharedStyles, scripts: WebAssets.sharedScripts).closing
        for asset in WebAssets.sharedScripts { #expect(page.contains("<script>\(asset.text)//# sourceURL=\(asset.name)\n</script>")) }
    }
}
