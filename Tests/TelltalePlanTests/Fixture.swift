import Foundation

/// Files under Fixtures/, found next to this source file so tests need no
/// bundle resources and run from any working directory.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
        .path

    static func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// The fixture's text with `{fixtures}` replaced by the fixture directory,
    /// since an `.xctestplan` path is relative to the working directory.
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
            .replacingOccurrences(of: "{fixtures}", with: directory)
    }
}
