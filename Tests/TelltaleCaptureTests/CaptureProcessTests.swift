import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `telltale capture`, as a user runs it: the first stdout line, --out, signals, kill -9.
@Suite(.tags(.medium))
struct CaptureProcessTests {
    /// `telltale` sits beside the test bundle in SwiftPM's build folder.
    static func executable() throws -> String {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("telltale").path
        try #require(FileManager.default.isExecutableFile(atPath: candidate), "telltale was not built at \(candidate); run `swift build` first")
        return candidate
    }

    final class Running: Sendable {
        let process: Process
        let base: URL
        let out: String
        init(process: Process, base: URL, out: String) {
            self.process = process
            self.base = base
            self.out = out
        }
    }

    /// Starts `telltale capture --port 0 --out FILE` and waits for its first stdout line.
    static func start(_ extra: [String] = []) async throws -> Running {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-capture-\(UUID().uuidString)/events.jsonl").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = ["capture", "--port", "0", "--out", out, "--quiet"] + extra
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = await Task.detached { () -> String in
            var bytes = Data()
            while !bytes.contains(0x0A) {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        }.value
        let prefix = "capture listening on "
        try #require(line.hasPrefix(prefix), "first line was \(line)")
        let base = try #require(URL(string: String(line.dropFirst(prefix.count))))
        #expect(base.host == "127.0.0.1" && (base.port ?? 0) > 0)
        return Running(process: process, base: base, out: out)
    }

    static func post(_ base: URL, _ path: String, _ json: String) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse).statusCode
    }

    /// Both durabilities keep every acknowledged event through `kill -9`: by default its line
    /// was written to the kernel before the 2xx; with `--sync` it was also `fdatasync`ed.
    @Test(arguments: [[], ["--sync"]])
    func killNineAfterABurstLosesNoAcknowledgedEvent(durability: [String]) async throws {
        let running = try await Self.start(durability)
        let acknowledged = await withTaskGroup(of: String?.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let name = "burst_\(index)"
                    let body =
                        index % 4 == 0
                        ? #"{"events":[{"name":"\#(name)"},{"name":"\#(name)_b"}]}"#
                        : #"{"name":"\#(name)","params":{"i":\#(index)}}"#
                    let status = try? await Self.post(running.base, "/s/burst/events", body)
                    return status == 200 ? name : nil
                }
            }
            var names: [String] = []
            for await name in group { if let name { names.append(name) } }
            return names
        }
        kill(running.process.processIdentifier, SIGKILL)
        await ChildProcesses.waitForExit(running.process)
        #expect(acknowledged.count == 400)
        let lines = try String(contentsOfFile: running.out, encoding: .utf8).split(separator: "\n")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let stored = Set(try lines.map { try decoder.decode(Event.self, from: Data($0.utf8)).name })
        let missing = acknowledged.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "acknowledged but not in --out: \(missing.prefix(10))")
    }

    @Test func sigtermAndSigintExitZeroWithEverythingWritten() async throws {
        for signal in [SIGTERM, SIGINT] {
            let running = try await Self.start()
            #expect(try await Self.post(running.base, "/events", #"{"name":"before_signal"}"#) == 200)
            kill(running.process.processIdentifier, signal)
            await ChildProcesses.waitForExit(running.process)
            #expect(running.process.terminationStatus == 0)
            #expect(try String(contentsOfFile: running.out, encoding: .utf8).contains("\"before_signal\""))
        }
    }

    /// `--catalog` checks as events arrive; `--fail-on-violation` turns a broken plan into exit 1.
    @Test func failOnViolationExitsOneWhenAnEventBrokeThePlan() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let catalog = directory.appendingPathComponent("events.yml").path
        try "events:\n  purchase:\n    params:\n      value: { type: number, required: true }\n"
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        for (body, status) in [(#"{"name":"purchase","params":{"value":1}}"#, Int32(0)), (#"{"name":"purchase","params":{"value":"1"}}"#, 1)] {
            let running = try await Self.start(["--catalog", catalog, "--fail-on-violation"])
            #expect(try await Self.post(running.base, "/events", body) == 200)
            kill(running.process.processIdentifier, SIGTERM)
            await ChildProcesses.waitForExit(running.process)
            #expect(running.process.terminationStatus == status, "\(body)")
        }
    }

    @Test func nonLoopbackHostNeedsTheFlagAndCatalogMustExist() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        process.arguments = ["capture", "--host", "0.0.0.0"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await ChildProcesses.waitForExit(process)
        #expect(process.terminationStatus != 0)
        let missing = Process()
        missing.executableURL = process.executableURL
        missing.arguments = ["capture", "--catalog", "/nonexistent/catalog.yml"]
        missing.standardOutput = FileHandle.nullDevice
        missing.standardError = FileHandle.nullDevice
        try missing.run()
        await ChildProcesses.waitForExit(missing)
        #expect(missing.terminationStatus != 0)
    }
}
