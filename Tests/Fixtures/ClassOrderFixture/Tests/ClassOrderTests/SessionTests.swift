import XCTest

/// `test1SignIn` leaves the session signed in for the tests after it, as a suite's first test
/// often does; `test6Checkout` passes only after it (brittle), in the class's order.
final class AccountTests: XCTestCase {
    nonisolated(unsafe) static var signedIn = false

    func test1SignIn() {
        Self.signedIn = true
    }

    func test2Browse() {}
    func test3Search() {}
    func test4Compare() {}
    func test5Wishlist() {}

    func test6Checkout() {
        XCTAssertTrue(Self.signedIn, "checkout needs a signed-in session: test1SignIn primes it")
    }
}

/// `test3ClearsCache` empties a shared cache that `test5ReadsCache` needs full: under `swift test`
/// the victim fails, as it does wherever the class runs in its order.
final class CacheTests: XCTestCase {
    nonisolated(unsafe) static var cache = ["greeting": "hello"]

    func test1Warm() {}
    func test2Read() {}

    func test3ClearsCache() {
        Self.cache.removeAll()
    }

    func test4Stats() {}

    func test5ReadsCache() {
        XCTAssertEqual(Self.cache["greeting"], "hello", "an earlier test of this class emptied the cache")
    }
}
