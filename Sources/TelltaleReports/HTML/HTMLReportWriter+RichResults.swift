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
        if let name = test.displayName {
            json.raw(",")
            json.key("dn")
            json.string(PlainText.clean(name))
        }
        if !test.tags.isEmpty {
            json.raw(",")
            json.key("tg")
            json.raw("[")
            for (index, tag) in test.tags.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(PlainText.clean(tag))
            }
            json.raw("]")
        }
        if !test.bugs.isEmpty {
            json.raw(",")
            json.key("bg")
            json.raw("[")
            for (index, bug) in test.bugs.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.key("l")
                json.string(PlainText.clean(bug.label))
                if let url = bug.url, Self.isWebLink(url) {
                    json.raw(",")
                    json.key("u")
                    json.string(url)
                }
                json.raw("}")
            }
            json.raw("]")
        }
        let warnings = test.messages.count { $0.kind == .warning }
        if warnings > 0 {
            json.raw(",")
            json.key("w")
            json.int(warnings)
        }
        if let cases = test.cases, !cases.isEmpty {
            json.raw(",")
            json.key("cs")
            json.raw("[")
            for (index, testCase) in cases.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.key("n")
                json.string(PlainText.clean(testCase.name))
                json.raw(",")
                json.key("o")
                json.string(testCase.outcome.rawValue)
                json.raw(",")
                json.key("d")
                json.number((testCase.duration * 1000).rounded() / 1000)
                json.raw("}")
            }
            json.raw("]")
        }
        if !test.attachments.isEmpty {
            json.raw(",")
            json.key("at")
            json.raw("[")
            for (index, attachment) in test.attachments.enumerated() {
                if index > 0 { json.raw(",") }
                self.attachment(attachment, embedder: &embedder, into: &json)
            }
            json.raw("]")
        }
    }

    private func attachment(_ attachment: TestAttachment, embedder: inout HTMLAttachmentEmbedder, into json: inout ScriptJSON) {
        json.raw("{")
        json.key("n")
        json.string(PlainText.clean(attachment.name))
        json.raw(",")
        json.key("p")
        json.string(attachment.path)
        json.raw(",")
        json.key("b")
        json.int(attachment.byteCount)
        json.raw(",")
        json.key("k")
        json.string(attachment.kind.rawValue)
        if let testCase = attachment.testCase {
            json.raw(",")
            json.key("c")
            json.string(PlainText.clean(testCase))
        }
        switch embedder.show(attachment) {
        case .image(let uri):
            json.raw(",")
            json.key("img")
            json.string(uri)
        case .text(let text, let cut):
            json.raw(",")
            json.key("txt")
            json.string(text)
            if cut {
                json.raw(",")
                json.key("cut")
                json.bool(true)
            }
        case .link(let note):
            if let note {
                json.raw(",")
                json.key("note")
                json.string(note)
            }
        }
        json.raw("}")
    }

    /// Only web links become `href`s: a `javascript:` or `file:` URL from a test stays text.
    static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
