import XCTest

/// Independent tests, so a run has more than the order-dependent classes to spread. With the two
/// classes before them, 18 XCTest tests: handed out one test at a time to 2 workers (5, 4, 3, …
/// by guided self-scheduling), a run would cut both classes above between processes.
final class CatalogTests: XCTestCase {
    func testA() {}
    func testB() {}
    func testC() {}
    func testD() {}
}

final class PricingTests: XCTestCase {
    func testA() {}
    func testB() {}
    func testC() {}
}
