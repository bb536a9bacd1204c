#if canImport(Testing)
    import Foundation
    import Testing
    import TelltaleWire

    /// `@Suite(.telltale)` or `@Test(.telltale)`: runs each test inside Telltale's per-test
    /// lifecycle. Before the test, Telltale resets and sets up the backend and attributes the
    /// session's events to it; after, the backend's teardown and the plan's checks of the
    /// test's events run, and whatever they find is recorded as issues of this test.
    ///
    /// The test's id is also set as `TelltaleTestContext.currentTest` while it runs, so
    /// `Tracker` tags every event it sends and `EventVerifier` looks only at those.
    /// Under `telltale run` without its automatic lifecycle only that tagging happens; outside any run too, unless
    /// `TELLTALE_TEST_MODE_URL` names a backend started in test mode, which the trait then resets, sets up and tears down.
    public struct TelltaleLifecycleTrait: TestTrait, SuiteTrait, TestScoping {
        /// True: on a suite, the trait applies to every test in it, nested suites included.
        public var isRecursive: Bool { true }

        /// The trait itself; suites and tests write `.telltale`.
        public init() {}

        /// Around each test case; a suite only passes the trait on to its tests.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            test.isSuite || testCase == nil ? nil : self
        }

        /// Runs the test case with its id as the current test, between `begin` and `end` of `TelltaleLifecycle.current`
        /// when there is one. When `begin` fails its problems are recorded and the test does not run; `end` runs even if it throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let id = Self.testID(of: test)
            guard let lifecycle = TelltaleLifecycle.current else {
                // No lifecycle to flush at the end: the test's queued events are sent here.
                do {
                    try await TelltaleTestContext.$currentTest.withValue(id) { try await Self.placingChecks(of: test, function) }
                } catch {
                    Self.record(await TelltaleLifecycle.flushEvents(), test: test)
                    throw error
                }
                Self.record(await TelltaleLifecycle.flushEvents(), test: test)
                return
            }
            let problems = await lifecycle.begin(id)
            guard problems.isEmpty else {
                Self.record(problems, test: test)
                return
            }
            do {
                try await TelltaleTestContext.$currentTest.withValue(id) { try await Self.placingChecks(of: test, function) }
            } catch {
                // The test's own error is recorded as usual; the lifecycle still ends.
                Self.record(await lifecycle.end(id), test: test)
                throw error
            }
            Self.record(await lifecycle.end(id), test: test)
        }

        /// Runs the test; a failed event check that escapes it is recorded as an issue at the check's
        /// call, as `#require` records its own, rather than left to Swift Testing, which would put a
        /// thrown error at the test. A check the test catches never gets here.
        static func placingChecks(of test: Test, _ function: @Sendable () async throws -> Void) async throws {
            do {
                try await function()
            } catch let error as EventVerificationError {
                guard let place = error.location else { throw error }
                let fileID = "\(test.id.moduleName)/\((place.file as NSString).lastPathComponent)"
                Issue.record(
                    Comment(rawValue: error.message),
                    sourceLocation: Testing.SourceLocation(fileID: fileID, filePath: place.file, line: place.line, column: place.column ?? 1))
            }
        }

        /// Each failure as an issue at its own place (a plan line), or else at the test.
        static func record(_ failures: [TelltaleLifecycle.Failure], test: Test) {
            for failure in failures {
                var location = test.sourceLocation
                if let file = failure.file, let line = failure.line {
                    location = SourceLocation(
                        fileID: "Plan/\((file as NSString).lastPathComponent)", filePath: file, line: line, column: failure.column ?? 1)
                }
                Issue.record(Comment(rawValue: failure.text), sourceLocation: location)
            }
        }

        /// The id `swift test list` and Telltale use: `Module.Suite/function()`, or with the
        /// source location, `Module.Suite/function()/File.swift:16:6`, for a test whose name
        /// another test in the binary shares (`telltale run` says which; see `TestID`); under a
        /// plan variant, followed by ` [variant]`.
        public static func testID(of test: Test) -> TestID {
            TelltaleEnvironment.identifying(testID(of: test, disambiguated: disambiguated), in: ProcessInfo.processInfo.environment)
        }

        static func testID(of test: Test, disambiguated: Set<String>) -> TestID {
            let short = "\(test.id.moduleName).\(test.id.nameComponents.joined(separator: "/"))"
            // A function's `Test.ID` describes itself with its location, as the event stream does.
            let located = String(describing: test.id)
            return TestID(disambiguated.contains(located) ? located : short)
        }

        private static let disambiguated = TelltaleEnvironment.disambiguatedTests(
            from: ProcessInfo.processInfo.environment[TelltaleEnvironment.disambiguatedTests]
        )
    }

    extension Trait where Self == TelltaleLifecycleTrait {
        /// Telltale's per-test lifecycle: reset, setup, teardown and event checks around each test.
        public static var telltale: Self { TelltaleLifecycleTrait() }
    }
#endif
