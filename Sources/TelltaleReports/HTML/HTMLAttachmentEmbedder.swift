import Foundation
import TelltaleModel

/// Reads a test's attachments from the report folder so `index.html` can carry them and still
/// work from `file://` (where the page's policy, `img-src data:`, and browsers' file rules keep
/// it from loading neighbouring files): images become `data:` URIs, text and JSON are inlined,
/// anything else stays a link to its copy under `attachments/`.
///
/// Budgets keep a report with many large attachments openable: past them, an attachment is
/// shown as a link with a note rather than inlined.
struct HTMLAttachmentEmbedder {
    /// An image larger than this is linked, not inlined.
    static let maxImageBytes = 4 * 1024 * 1024
    /// Text beyond this is cut in the page (the link opens the whole file).
    static let maxTextBytes = 128 * 1024
    /// Everything inlined into one page, together.
    static let maxPageBytes = 48 * 1024 * 1024

    /// How the page shows one attachment.
    enum Shown {
        /// `data:image/png;base64,…`.
        case image(dataURI: String)
        /// The text, cleaned of control characters; `cut` when it passed `maxTextBytes`.
        case text(String, cut: Bool)
        /// Not inlined: the reason, if it is one the reader should know.
        case link(note: String?)
    }

    /// The report folder the attachments' paths are relative to; nil inlines nothing.
    let root: String?
    /// What is left of `maxPageBytes`, shared by every attachment of the page in the order shown.
    private(set) var remaining = maxPageBytes

    init(root: String?) {
        self.root = root
    }

    /// Reads the attachment if it is an image or text within the budgets, charging what it read.
    mutating func show(_ attachment: TestAttachment) -> Shown {
        let kind = attachment.kind
        guard kind != .other, let root else { return .link(note: nil) }
        if kind == .image, attachment.byteCount > Self.maxImageBytes {
            return .link(note: "larger than \(Self.maxImageBytes / 1024 / 1024) MiB: not inlined")
        }
        let wanted = kind == .image ? attachment.byteCount : min(attachment.byteCount, Self.maxTextBytes)
        guard wanted <= remaining else { return .link(note: "the page's budget for inlined attachments is spent: not inlined") }
        guard let handle = FileHandle(forReadingAtPath: "\(root)/\(attachment.path)") else {
            return .link(note: "not found in the report folder")
        }
        defer { try? handle.close() }
        // One byte past the limit tells a cut text from one that just fits.
        guard let data = try? handle.read(upToCount: kind == .image ? Self.maxImageBytes + 1 : Self.maxTextBytes + 1) else {
            return .link(note: "could not be read")
        }
        remaining -= data.count
        switch kind {
        case .image:
            return .image(dataURI: "data:\(Self.imageType(attachment.name));base64,\(data.base64EncodedString())")
        default:
            let cut = data.count > Self.maxTextBytes
            // Decoding repairs a multi-byte character the cut may have split.
            return .text(PlainText.clean(String(decoding: data.prefix(Self.maxTextBytes), as: UTF8.self)), cut: cut)
        }
    }

    /// The `data:` URI's type, from the name's extension; PNG when it names none known.
    static func imageType(_ name: String) -> String {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) {
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        default: "image/png"
        }
    }
}
