import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// Joining a build: one machine fills it, in one transaction, however many arrive at once;
/// a machine that listed other tests is refused; a drained build's failures run again.
@Suite(.tags(.medium))
struct QueueJoinTests {
    /// Ten machines joining a new build at once: exactly one fills it, the others wait for the
    /// fill and join it, and the units are there once.
    @Test func tenMachinesJoiningAtOnceFillTheQueueOnce() async throws {
        let db = try await QueueDatabase.make("fill")
        let listing = QueueDatabase.listing(12)
        let joined = try await db.withClient { client in
            try await withThrowingTaskGroup(of: (String, PostgresWorkQueue.Joined).self) { group in
                for machine in 1...10 {
                    group.addTask { ("m\(machine)", try await db.queue(client, machine: "m\(machine)").join(listing)) }
                }
                return try await group.reduce(into: [(String, PostgresWorkQueue.Joined)]()) { $0.append($1) }
            }
        }
        let fillers = joined.filter { $0.1 == .filled(units: 12) }.map(\.0)
        #expect(fillers.count == 1)
        #expect(joined.filter { $0.1 == .joined(filledBy: fillers.first ?? "") }.count == 9)
        #expect(try await db.sql("SELECT count(*), count(DISTINCT id) FROM telltale.queue_unit") == "12|12\n")
        #expect(try await db.sql("SELECT count(*) FROM telltale.queue_machine") == "10\n")
    }

    /// The units go longest first, and test 12 (12 s) is reserved before test 1 (1 s).
    @Test func unitsAreReservedLongestFirst() async throws {
        let db = try await QueueDatabase.make("longest")
        let order = try await db.withClient { client in
            let queue = db.queue(client, machine: "a")
            _ = try await queue.join(QueueDatabase.listing(3))
            var order: [String] = []
            while case let units = try await queue.reserve(), !units.isEmpty { order += units.flatMap(\.tests).map(\.rawValue) }
            return order
        }
        #expect(order == ["Module.Suite/test3", "Module.Suite/test2", "Module.Suite/test1"])
    }

    /// A machine on another commit lists other tests: it is refused, and the message names
    /// both machines and both commits.
    @Test func aMachineWithAnotherListingIsRefusedNamingBoth() async throws {
        let db = try await QueueDatabase.make("mismatch")
        try await db.withClient { client in
            _ = try await db.queue(client, machine: "first").join(QueueDatabase.listing(3, commit: "aaa111"))
            let error = await #expect(throws: QueueError.self) {
                try await db.queue(client, machine: "second").join(QueueDatabase.listing(3, commit: "bbb222", extra: "Module.New/test"))
            }
            #expect(error?.kind == .listingMismatch)
            for part in ["first", "aaa111", "second", "bbb222", "b1"] { #expect(error?.message.contains(part) == true, "\(part)") }
            // The same listing on a third machine is fine.
            #expect(try await db.queue(client, machine: "third").join(QueueDatabase.listing(3, commit: "aaa111")) == .joined(filledBy: "first"))
        }
    }

    /// A CI re-run with the same build id: a drained build runs again only its tests without a
    /// passing result, as their next attempt; a drained build that passed has nothing to run.
    @Test func aDrainedBuildRunsItsFailuresAgainOnly() async throws {
        let db = try await QueueDatabase.make("rerun")
        try await db.withClient { client in
            let first = db.queue(client, machine: "first")
            _ = try await first.join(QueueDatabase.listing(3))
            while case let units = try await first.reserve(), !units.isEmpty {
                let tests = units.flatMap(\.tests)
                try await first.acknowledge(
                    units, results: tests.map { QueueDatabase.result($0, $0.rawValue.hasSuffix("test2") ? .failed : .passed) })
            }
            let again = db.queue(client, machine: "again")
            #expect(try await again.join(QueueDatabase.listing(3)) == .rerun(units: 1))
            let unit = try #require(try await again.reserve().first)
            #expect(unit.tests == [TestID("Module.Suite/test2")])
            #expect(unit.attempt == 2)
            #expect(try await again.reserve().isEmpty)
            try await again.acknowledge(unit, results: [QueueDatabase.result(unit.tests[0], .passed)])
            #expect(try await db.queue(client, machine: "third").join(QueueDatabase.listing(3)) == .drained)
            let results = try await again.results()
            #expect(results.map(\.outcome) == [.passed, .passed, .passed])
            let retried = try #require(results.first { $0.id.rawValue == "Module.Suite/test2" })
            #expect(retried.previousAttempts.map(\.outcome) == [.failed])
            #expect(retried.machine == "again")
        }
    }

    /// The build id from each CI's variables; none off CI, and then `--build` is required.
    @Test(.tags(.small)) func theBuildIDComesFromTheCIsVariables() throws {
        #expect(QueueBuildIdentity.buildID(from: ["GITHUB_RUN_ID": "42", "GITHUB_RUN_ATTEMPT": "2"])?.id == "github-42-2")
        #expect(QueueBuildIdentity.buildID(from: ["CI_PIPELINE_ID": "7"])?.id == "gitlab-7")
        #expect(QueueBuildIdentity.buildID(from: ["BUILDKITE_BUILD_ID": "u-1"])?.id == "buildkite-u-1")
        #expect(QueueBuildIdentity.buildID(from: ["CIRCLE_WORKFLOW_ID": "w"])?.id == "circleci-w")
        #expect(QueueBuildIdentity.buildID(from: [:]) == nil)
        #expect(throws: QueueError.self) { try QueueBuildIdentity.resolve(build: nil, environment: [:]) }
        #expect(try QueueBuildIdentity.resolve(build: "mine", environment: ["CI_PIPELINE_ID": "7"]) == "mine")
    }
}
