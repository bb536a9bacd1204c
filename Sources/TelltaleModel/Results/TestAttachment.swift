/// A file a test attached (Swift Testing's `Attachment.record`), copied into the
/// report folder so every report can link to it.
package struct TestAttachment: Codable, Sendable, Hashable {
    /// The name the test gave it (its preferred name).
    package var name: String
    /// Where the copy is, relative to the report folder (`attachments/<test>/<name>`).
    package var path: String
    package var byteCount: Int
    /// For a parameterized test: the case that attached it.
    package var testCase: String?

    package init(name: String, path: String, byteCount: Int, testCase: String? = nil) {
        self.name = name
        self.path = path
        self.byteCount = byteCount
        self.testCase = testCase
    }

    /// How reports show it, from its name's extension.
    package var kind: Kind { Kind(fileName: name) }

    package enum Kind: String, Sendable {
        case image
        case text
        case json
        case other

        init(fileName: String) {
            let ext = fileName.split(separator: ".").count > 1 ? String(fileName.split(separator: ".").last!).lowercased() : ""
            switch ext {
            case "png", "jpg", "jpeg", "gif", "webp", "svg": self = .image
            case "json", "jsonl": self = .json
            case "txt", "log", "text", "md", "csv", "xml", "yml", "yaml", "html", "swift", "diff": self = .text
            default: self = .other
            }
        }
    }
}
