import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The demo plan with its tracking plan kept elsewhere: as a Segment-Protocols-style folder of
/// JSON Schemas (Plans/demo-events-jsonschema) and as an Iglu folder (Plans/demo-events-iglu),
/// in place of its own catalog (Plans/demo-events.yml). With one event's rule changed in each
/// form (and one expected parameter changed in the plan), each must give the same verdicts (the
/// one test that sends the event fails, the six others pass the plan), the same plan coverage,
/// and the same messages.
@Suite(.tags(.large), .serialized)
struct DemoSchemaPlanTests {
    static let ownCatalog = "Plans/demo-events.yml"
    static let catalogs = [ownCatalog, "Plans/demo-events-jsonschema", "Plans/demo-events-iglu"]

    /// The demo plan run with `catalog` (a path from the repository root, or absolute), and
    /// with `expectationChange` applied to the plan. The copy's paths are made absolute, since a
    /// plan's paths are relative to its own folder.
    static func run(
        catalog: String, in folder: String, expectationChange: (String, String)? = nil
    ) async throws -> (TelltaleProcess.Result, RunRecord) {
        let catalogPath = catalog.hasPrefix("/") ? catalog : TelltaleProcess.repositoryRoot + "/" + catalog
        let changes = [("catalog: demo-events.yml", "catalog: \(catalogPath)")] + (expectationChange.map { [$0] } ?? [])
        let plan = try DemoPlanTests.copyOfTheDemoPlan(in: folder, changes: changes)
        let result = try await DemoPlanTests.run(["run", plan, "--report-dir", folder + "/reports", "--retries", "0"])
        try #require(result.status <= 1, "\(catalog): the run did not finish: \(result.stdout)\n\(result.stderr)")
        return (result, try RunRecordFile.read(path: folder + "/reports/run.json"))
    }

    /// The currency the plan allows for `purchase_completed` changed to EUR, in `catalog`'s own
    /// form: the demo's real event (USD) then breaks the plan.
    static func mutatedCopy(of catalog: String, in folder: String) throws -> String {
        let source = TelltaleProcess.repositoryRoot + "/" + catalog
        let copy = folder + "/" + (catalog as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let file: String
        let change: (String, String)
        switch catalog {
        case ownCatalog: (file, change) = (copy, ("currency: { type: string, enum: [USD]", "currency: { type: string, enum: [EUR]"))
        case "Plans/demo-events-jsonschema": (file, change) = (copy + "/purchase_completed.json", ("\"USD\"", "\"EUR\""))
        default: (file, change) = (copy + "/schemas/com.telltale.demo/purchase_completed/jsonschema/1-0-0", ("\"USD\"", "\"EUR\""))
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try #require(text.contains(change.0), "\(file) no longer contains \(change.0); update this test")
        try text.replacingOccurrences(of: change.0, with: change.1).write(toFile: file, atomically: true, encoding: .utf8)
        return copy
    }

    @Test func eachPlanFormatGivesTheSameVerdictsCoverageAndMessages() async throws {
        var verdicts: [String: [String: TestOutcome]] = [:]
        var coverage: [String: [String: Int]] = [:]
        var messages: [String: [String]] = [:]
        for catalog in Self.catalogs {
            let folder = try TelltaleProcess.temporaryDirectory("demo-mutated")
            let mutated = try Self.mutatedCopy(of: catalog, in: folder)
            // The expectation is changed too, so its near miss is shown beside the plan's violation.
            let (result, record) = try await Self.run(catalog: mutated, in: folder, expectationChange: ("value: 50,", "value: 60,"))
            #expect(result.status == 1, "\(catalog): \(result.stdout)\n\(result.stderr)")
            verdicts[catalog] = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id.rawValue, $0.outcome) })
            let verification = try #require(record.verification, "\(catalog)")
            #expect(
                verification.tests.filter { !$0.violations.isEmpty }.map(\.test.rawValue) == ["DemoShopTests.CheckoutTests/testCheckoutSucceeds"],
                "\(catalog): only the test that sends the changed event breaks the plan")
            let entries = try #require(verification.coverage?.events, "\(catalog)")
            coverage[catalog] = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.count) })
            let failed = record.tests.filter { $0.outcome.isFailure }
            // Event ids differ from run to run; the rest of each message must not.
            messages[catalog] = failed.flatMap(\.messages).map { $0.text.replacing(#/ \(#[0-9]+\)/#, with: "") }
            if catalog == Self.ownCatalog {
                // The near miss points at the expectation's line in the plan.
                let line = try String(contentsOfFile: folder + "/plan.yml", encoding: .utf8).components(separatedBy: "\n")
                    .firstIndex { $0.contains("- name: purchase_completed") }.map { $0 + 1 }
                let messages = failed.flatMap(\.messages)
                let message = try #require(messages.first { $0.text.contains("missing event: expected purchase_completed") }, "\(messages)")
                #expect(message.location?.line == line, "\(String(describing: message.location))")
            }
        }
        let own = try #require(verdicts[Self.ownCatalog])
        #expect(own.count == 7)
        #expect(own.filter { $0.value != .passed }.keys.sorted() == ["DemoShopTests.CheckoutTests/testCheckoutSucceeds"], "\(own)")
        #expect(coverage[Self.ownCatalog]?.count == 6)
        let text = try #require(messages[Self.ownCatalog]).joined(separator: "\n")
        #expect(text.contains("value: expected 60, got 50 (number)"), "\(text)")
        #expect(text.contains(#"tracking plan: purchase_completed.currency: expected one of "EUR", got "USD" (string)"#), "\(text)")
        for catalog in Self.catalogs.dropFirst() {
            #expect(verdicts[catalog] == own, "\(catalog)")
            // The counts are the run's events of each planned name: the same events, the same plan.
            #expect(coverage[catalog] == coverage[Self.ownCatalog], "\(catalog)")
            #expect(messages[catalog] == messages[Self.ownCatalog], "\(catalog)")
        }
    }
}
