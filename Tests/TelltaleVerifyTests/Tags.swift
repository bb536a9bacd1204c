import Testing

extension Tag {
    /// Pure logic, in memory: milliseconds.
    @Tag static var small: Self
    /// Larger in-memory workloads: well under a second.
    @Tag static var medium: Self
}
