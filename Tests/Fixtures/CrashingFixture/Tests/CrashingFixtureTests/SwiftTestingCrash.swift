import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Serialized so the crash always happens with the same tests done and not done.
@Suite(.serialized) struct SignalCases {
    @Test func a_beforeSignal() { #expect(Bool(true)) }
    @Test func b_raisesSignal() {
        print("about to raise SIGABRT")
        abort()
    }
    @Test func c_afterSignal() { #expect(Bool(true)) }
}

// A trap with the runtime's own message, which names the file and line.
@Suite(.serialized) struct FatalErrorCases {
    @Test func trapsWithAFatalError() {
        print("about to trap")
        fatalError("boom from Swift Testing")
    }
}
