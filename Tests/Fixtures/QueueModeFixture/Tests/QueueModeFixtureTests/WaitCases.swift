import XCTest

/// 60 tests that each wait (see Package.swift), as on I/O, each its own class (a unit of its own
/// for the run's queue, shards and queue mode, which keep a class whole): queue mode's tests and
/// benchmark.
final class WaitCases01: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases02: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases03: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases04: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases05: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases06: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases07: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases08: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases09: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases10: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases11: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases12: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases13: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases14: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases15: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases16: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases17: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases18: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases19: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases20: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases21: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases22: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases23: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases24: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases25: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases26: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases27: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases28: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases29: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases30: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases31: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases32: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases33: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases34: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases35: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases36: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases37: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases38: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases39: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases40: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases41: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases42: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases43: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases44: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases45: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases46: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases47: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases48: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases49: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases50: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases51: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases52: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases53: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases54: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases55: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases56: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases57: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases58: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases59: XCTestCase { func testWait() { Wait.now() } }
final class WaitCases60: XCTestCase { func testWait() { Wait.now() } }

/// The wait, from the variables each machine sets.
enum Wait {
    static func now() {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["QUEUE_FIXTURE_SECONDS"].flatMap(Double.init) ?? 0.5
        let slowdown = environment["QUEUE_FIXTURE_SLOWDOWN"].flatMap(Double.init) ?? 1
        Thread.sleep(forTimeInterval: seconds * slowdown)
    }
}
