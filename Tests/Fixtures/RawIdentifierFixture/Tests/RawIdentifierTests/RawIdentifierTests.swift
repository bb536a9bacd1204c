import Testing

@Suite struct `Checkout rules` {
    @Test func `3rd party macros are allowed`() {
        #expect(Array("macro").count == 5)
    }

    @Test func `it's quoted`() {
        #expect("it's".contains("'"))
    }

    @Test func `mail me @ home`() {
        #expect("me@home".contains("@"))
    }

    @Test func `totals (with tax) add up`() {
        #expect(10 + 2 == 12)
    }

    @Test(arguments: [1, 2, 3])
    func `doubles a number`(n: Int) {
        #expect(n * 2 == n + n)
    }

    @Test func `fails on purpose`() {
        #expect(1 + 1 == 3, "a raw-identifier test that fails")
    }

    @Test func plainName() {
        #expect(true)
    }
}

@Suite struct `Version.parsing` {
    @Test func `v1/v2 both parse`() {
        #expect("v1/v2".split(separator: "/").count == 2)
    }
}

@Test func `a free test with spaces`() {
    #expect(true)
}
