import Foundation
import TelltaleModel

/// Moves the files tests attach into the report folder, `attachments/<test>/<name>`,
/// within a size cap per file and one per run. What a cap leaves out is named in a note.
package actor AttachmentStore {
    /// The report folder; attachments go in its `attachments` folder.
    package let reportDirectory: String
    package let maxFileBytes: Int
    package let maxRunBytes: Int
    private var storedBytes = 0
    private(set) var leftOut: [String] = []

    package static let defaultMaxFileBytes = 20 * 1024 * 1024
    package static let defaultMaxRunBytes = 200 * 1024 * 1024

    package init(reportDirectory: String, maxFileBytes: Int = defaultMaxFileBytes, maxRunBytes: Int = defaultMaxRunBytes) {
        self.reportDirectory = reportDirectory
        self.maxFileBytes = maxFileBytes
        self.maxRunBytes = maxRunBytes
    }

    /// The result with its attachments moved in (their paths now relative to the report
    /// folder), less any a cap left out.
    func adopt(_ result: TestResult) -> TestResult {
        guard !result.attachments.isEmpty else { return result }
        var result = result
        result.attachments = result.attachments.compactMap { store($0, of: result.id) }
        return result
    }

    /// What the caps left out, for the run's notes; empty when nothing was.
    package var notes: [String] {
        guard !leftOut.isEmpty else { return [] }
        return [
            "\(leftOut.count) attachment\(leftOut.count == 1 ? " was" : "s were") left out of the reports "
                + "(caps: \(Self.size(maxFileBytes)) a file, \(Self.size(maxRunBytes)) a run):\n"
                + leftOut.prefix(20).map { "  \($0)" }.joined(separator: "\n")
                + (leftOut.count > 20 ? "\n  … and \(leftOut.count - 20) more" : "")
        ]
    }

    private func store(_ attachment: TestAttachment, of test: TestID) -> TestAttachment? {
        let source = attachment.path
        defer { try? FileManager.default.removeItem(atPath: source) }
        if attachment.byteCount > maxFileBytes {
            leftOut.append("\(test): \(attachment.name) (\(Self.size(attachment.byteCount)), over the per-file cap)")
            return nil
        }
        if storedBytes + attachment.byteCount > maxRunBytes {
            leftOut.append("\(test): \(attachment.name) (\(Self.size(attachment.byteCount)), over the per-run cap)")
            return nil
        }
        let folder = "attachments/\(Self.folderName(for: test))"
        let directory = "\(reportDirectory)/\(folder)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let name = Self.freeName(Self.safeFileName(attachment.name), in: directory)
            try FileManager.default.copyItem(atPath: source, toPath: "\(directory)/\(name)")
            storedBytes += attachment.byteCount
            var stored = attachment
            stored.path = "\(folder)/\(name)"
            return stored
        } catch {
            leftOut.append("\(test): \(attachment.name) could not be copied (\(error.localizedDescription))")
            return nil
        }
    }

    /// A test id as one portable folder name: `Module.Suite/fn(_:)` → `Module.Suite-fn(_-)`.
    static func folderName(for test: TestID) -> String {
        safeFileName(test.rawValue.replacingOccurrences(of: "/", with: "-"))
    }

    /// Letters, digits and `._-()` kept; anything else (`/`, `:`, spaces) becomes `_`.
    static func safeFileName(_ name: String) -> String {
        let kept = name.map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "._-()".contains(character)) ? character : "_"
        }
        let result = String(kept)
        return result.isEmpty || result.allSatisfy({ $0 == "." }) ? "attachment" : result
    }

    /// `name`, or `name-2.ext`… when a retry already stored one so named.
    private static func freeName(_ name: String, in directory: String) -> String {
        guard FileManager.default.fileExists(atPath: "\(directory)/\(name)") else { return name }
        let url = URL(fileURLWithPath: name)
        let stem = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
        var number = 2
        while FileManager.default.fileExists(atPath: "\(directory)/\(stem)-\(number)\(ext)") { number += 1 }
        return "\(stem)-\(number)\(ext)"
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? String(format: "%.1f MiB", Double(bytes) / 1_048_576) : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
