import Testing

/// Test sizes, defined once for every test target (each depends on TelltaleTestSupport).
extension Tag {
    /// Pure logic in memory: milliseconds.
    @Tag public static var small: Self
    /// Real files, processes or servers, or a larger in-memory workload, but no package
    /// build: about a second.
    @Tag public static var medium: Self
    /// Builds and runs a real fixture package, or waits on purpose (timeouts, grace periods):
    /// seconds to tens of seconds.
    @Tag public static var large: Self
}
