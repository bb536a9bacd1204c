import Foundation
import TelltaleModel

/// What Swift Testing says beyond pass or fail: display names, tags, bugs, parameterized cases
/// and attachments, as short keys of a test's entry in the page's data.
extension HTMLReportWriter {
    /// Whether the page needs the rich-results styles and script (a record with none gets the
    /// page it got before they existed).
    static func hasRichResults(_ record: RunRecord) -> Bool {
        record.tests.contains { test in
            test.displayName != nil || !test.tags.isEmpty || !test.bugs.isEmpty || !test.attachments.isEmpty
                || test.cases != nil || test.messages.contains { $0.kind == .warning || $0.kind == .knownIssue }
        }
    }

    /// `dn` display name, `tg` tags, `bg` bugs (`u` only for an http(s) link), `cs` cases
    /// (`n` arguments, `o` outcome, `d` seconds), `at` attachments (`n` name, `p` path, `b` bytes,
    /// `c` case, and `img` or `txt` when inlined, `cut`, `note`), `w` warnings counted.
    func richFields(_ test: TestResult, embedder: inout HTMLAttachmentEmbedder, into json: inout ScriptJSON) {
        if let name = test.displayName { json.field("dn", PlainText.clean(name)) }
        if !test.tags.isEmpty {
            json.array("tg") { json in
                for tag in test.tags { json.string(PlainText.clean(tag)) }
            }
        }
        if !test.bugs.isEmpty {
            json.array("bg") { json in
                for bug in test.bugs {
                    json.object { json in
                        json.field("l", PlainText.clean(bug.label))
                        if let url = bug.url, Self.isWebLink(url) { json.field("u", url) }
                    }
                }
            }
        }
        let warnings = test.messages.count { $0.kind == .warning }
        if warnings > 0 { json.field("w", warnings) }
        if let cases = test.cases, !cases.isEmpty {
            json.array("cs") { json in
                for testCase in cases {
                    json.object { json in
                        json.field("n", PlainText.clean(testCase.name))
                        json.field("o", testCase.outcome.rawValue)
                        json.field("d", Self.milliseconds(testCase.duration))
                    }
                }
            }
        }
        if !test.attachments.isEmpty {
            json.array("at") { json in
                for attachment in test.attachments { self.attachment(attachment, embedder: &embedder, into: &json) }
            }
        }
    }

    /// One attachment: inlined as an image or text when the embedder allows it, else a link to
    /// its copy with the reason (`note`) it was not inlined.
    private func attachment(_ attachment: TestAttachment, embedder: inout HTMLAttachmentEmbedder, into json: inout ScriptJSON) {
        json.object { json in
            json.field("n", PlainText.clean(attachment.name))
            json.field("p", attachment.path)
            json.field("b", attachment.byteCount)
            json.field("k", attachment.kind.rawValue)
            if let testCase = attachment.testCase { json.field("c", PlainText.clean(testCase)) }
            switch embedder.show(attachment) {
            case .image(let uri):
                json.field("img", uri)
            case .text(let text, let cut):
                json.field("txt", text)
                if cut { json.field("cut", true) }
            case .link(let note):
                if let note { json.field("note", note) }
            }
        }
    }

    /// Only web links become `href`s: a `javascript:` or `file:` URL from a test stays text.
    static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
