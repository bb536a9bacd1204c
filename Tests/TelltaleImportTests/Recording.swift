import Foundation
import TelltaleImport
import TelltaleModel
import Testing

/// The recorded xcresulttool JSON under Recordings/ (see its README), read as the command reads it.
enum Recording: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case mixedSingleDevice = "MixedSingleDevice"
    case twoDevices = "TwoDevices"
    case twoConfigurations = "TwoConfigurations"

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Recordings").path

    var path: String { "\(Self.folder)/\(rawValue)" }
    var testDescription: String { rawValue }

    func files() async throws -> XCResultFiles {
        try await XCResultFiles.read(path: path)
    }

    func record(quarantine: [QuarantineEntry] = []) async throws -> RunRecord {
        XCResultRecord.make(
            try await files(),
            options: XCResultRecord.Options(toolVersion: "test", quarantine: quarantine, fallbackDate: Date(timeIntervalSince1970: 0)),
            now: Date(timeIntervalSince1970: 1_740_000_000))
    }
}

extension RunRecord {
    func test(_ id: String) -> TestResult? {
        tests.first { $0.id.rawValue == id }
    }
}
