import Testing

/// Swift Testing's own order: a `.serialized` suite runs its tests one at a time in source order,
/// so `signIn()` primes `checkout()` whenever the suite runs whole.
@Suite(.serialized) struct OrderSuite {
    nonisolated(unsafe) static var signedIn = false

    @Test func signIn() {
        Self.signedIn = true
    }

    @Test func checkout() {
        #expect(Self.signedIn, "checkout needs signIn() to run first")
    }
}

@Suite struct IndependentSuite {
    @Test func one() {}
    @Test func two() {}
}
