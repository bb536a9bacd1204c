#if canImport(XCTest)
    import Foundation
    import TelltaleWire
    import XCTest

    /// An `XCTestCase` whose tests run inside Telltale's per-test lifecycle: subclass it
    /// instead of `XCTestCase`. Before each test Telltale resets and sets up the backend
    /// and attributes the session's events to it; after, the backend's teardown and the
    /// plan's checks of the test's events run, and each problem is recorded as a failure of the test.
    ///
    /// The test's id is `TelltaleTestContext.currentTest` while it runs, so `Tracker` tags
    /// its events. Under `telltale run` without its automatic lifecycle only that tagging (and sending what the test
    /// queued when it ends) happens; outside any run
    /// too, unless `TELLTALE_TEST_MODE_URL` names a backend started in test mode, which it then resets, sets up and tears down.
    open class TelltaleTestCase: XCTestCase {
        /// `Module.Class/testMethod`: the id `swift test list` and Telltale use; under a plan
        /// variant, `Module.Class/testMethod [variant]`.
        public var telltaleTestID: TestID {
            let method = name.split(whereSeparator: { " .[]".contains($0) }).last.map(String.init) ?? name
            return TelltaleEnvironment.identifying(
                TestID("\(String(reflecting: type(of: self)))/\(method)"), in: ProcessInfo.processInfo.environment)
        }

        /// Runs the test with its id as the current test, between `begin` and `end` of `TelltaleLifecycle.current`
        /// when there is one; when `begin` fails its problems are recorded and the test does not run. Overrides must call `super`.
        override open func invokeTest() {
            let id = telltaleTestID
            guard let lifecycle = TelltaleLifecycle.current else {
                TelltaleTestContext.$currentTest.withValue(id) { super.invokeTest() }
                // No lifecycle to flush at the end: the test's queued events are sent here.
                record(Self.blocking { await TelltaleLifecycle.flushEvents() })
                return
            }
            let problems = Self.blocking { await lifecycle.begin(id) }
            guard problems.isEmpty else {
                record(problems)
                return
            }
            TelltaleTestContext.$currentTest.withValue(id) { super.invokeTest() }
            record(Self.blocking { await lifecycle.end(id) })
        }

        #if !canImport(ObjectiveC)
            /// XCTest on Linux records a thrown error at `<EXPR>:0`; a failed event check names its
            /// call first (`EventVerificationError`), and is recorded there instead, its text without it.
            override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
                let thrown = "threw error \""
                guard filePath == "<EXPR>", description.hasPrefix(thrown),
                    let placed = SourceLocation.leading(in: description.dropFirst(thrown.count))
                else {
                    return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
                }
                super.recordFailure(
                    withDescription: thrown + placed.rest, inFile: placed.location.file, atLine: placed.location.line, expected: expected)
            }
        #endif

        /// Each failure at its own place (a plan line), or else here. Recorded as given, not through
        /// `XCTFail`, which would prefix "failed - " to a backend's own message.
        private func record(_ failures: [TelltaleLifecycle.Failure], file: String = #filePath, line: Int = #line) {
            for failure in failures {
                recordFailure(withDescription: failure.text, inFile: failure.file ?? file, atLine: failure.line ?? line, expected: true)
            }
        }

        /// XCTest calls `invokeTest` synchronously; the lifecycle's calls are async. They run on
        /// the global pool while this thread (XCTest's, not a pool thread) waits for them.
        private static func blocking(
            _ call: @escaping @Sendable () async -> [TelltaleLifecycle.Failure]
        ) -> [TelltaleLifecycle.Failure] {
            let done = DispatchSemaphore(value: 0)
            let result = LockedResult()
            Task.detached {
                result.set(await call())
                done.signal()
            }
            done.wait()
            return result.value
        }

        /// `@unchecked Sendable`: `stored` is only touched while holding `lock`.
        private final class LockedResult: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: [TelltaleLifecycle.Failure] = []
            func set(_ value: [TelltaleLifecycle.Failure]) { lock.withLock { stored = value } }
            var value: [TelltaleLifecycle.Failure] { lock.withLock { stored } }
        }
    }
#endif
