import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator
import TelltalePublish
import TelltaleReports

/// `telltale publish`: send a finished run's results to a review tool.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Send a run's results to a review tool.",
        subcommands: [PublishHarbormasterCommand.self]
    )
}

/// `telltale publish harbormaster DIR --conduit-uri URI --build-target PHID`, token in `CONDUIT_TOKEN`.
struct PublishHarbormasterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harbormaster",
        abstract: "Send the run's verdict and unit results to a Harbormaster build target (Phabricator, Phorge).",
        discussion: """
            The API token comes from CONDUIT_TOKEN, never from a flag, and is never printed. The \
            results are sent with harbormaster.sendmessage in the form `arc call-conduit` uses: one \
            pass or fail message, or for a large run `work` messages carrying the units (each request \
            under 4 MiB) and then the pass or fail. Network errors and 5xx answers are retried with \
            backoff. Exit status: 0 sent (whatever the run's verdict), 2 bad usage, 3 Conduit could \
            not be reached or refused the message.
            """
    )

    @Argument(help: "A report folder holding run.json, or the run.json itself.")
    var source: String

    @Option(help: "The Phabricator or Phorge install's root, e.g. https://phabricator.example.com.")
    var conduitURI: String

    @Option(help: "The Harbormaster build target's PHID (PHID-HMBT-…), which the build step passes to the job.")
    var buildTarget: String

    func run() async throws {
        // A flag's value would show in process listings and shell history; a variable does not.
        guard let token = ProcessInfo.processInfo.environment["CONDUIT_TOKEN"], !token.isEmpty else {
            Console.error("CONDUIT_TOKEN is not set: export the Conduit API token (Settings → Conduit API Tokens) in it")
            throw ExitCode(TelltaleExitCode.usage)
        }
        // Only the root is checked here; `ConduitClient` adds `/api/METHOD` (or keeps a given `/api/`).
        guard let endpoint = URL(string: conduitURI), let scheme = endpoint.scheme, ["http", "https"].contains(scheme), endpoint.host != nil
        else {
            Console.error("--conduit-uri \(conduitURI): expected the install's http(s) root, e.g. https://phabricator.example.com")
            throw ExitCode(TelltaleExitCode.usage)
        }
        // A folder stands for its run.json.
        let runJSON = source.hasSuffix(".json") ? source : "\(source)/run.json"
        let record: RunRecord
        do {
            // Read before anything is sent: a file that is not a run record is exit 2.
            record = try RunRecordFile.read(path: runJSON)
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
        let context = ReportContext(
            generatedAt: Date(), toolVersion: RunOrchestrator.version, sourceRoot: FileManager.default.currentDirectoryPath,
            reportDirectory: URL(fileURLWithPath: runJSON).deletingLastPathComponent().relativePath
        )
        // The run's own report folder: the coverage data beside run.json gives the per-file coverage
        // of the message's `coverage` unit (none without coverage).
        let folder = ReportDirectory(path: URL(fileURLWithPath: runJSON).deletingLastPathComponent().path)
        // The whole message; `publish` sends it as `work` parts first when one request would pass 4 MiB,
        // retrying network errors, 5xx and 429 answers with backoff.
        let message = HarbormasterWriter().message(record, context: context, coverage: folder.harbormasterCoverage(record))
        // The token goes only into the request bodies (`ConduitClient`); nothing here prints it.
        let publisher = HarbormasterPublisher(client: ConduitClient(endpoint: endpoint, token: token))
        do {
            // Called for each request; a run that fits in one message says nothing until it is sent.
            let calls = try await publisher.publish(message, buildTarget: buildTarget) { index, count, part in
                if count > 1 {
                    Console.diagnostics("harbormaster: message \(index) of \(count) (\(part.type), \(part.unit?.count ?? 0) units)")
                }
            }
            // Exit 0 for a failed run too: what this command had to do, sending the verdict, is done.
            print("harbormaster: \(message.type), \(message.unit.count) units sent to \(buildTarget) in \(calls) message\(calls == 1 ? "" : "s")")
        } catch {
            // Unreachable after the retries, or the message refused: exit 3.
            Console.error("harbormaster: \(error)")
            throw ExitCode(TelltaleExitCode.infrastructure)
        }
    }
}
