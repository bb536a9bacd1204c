import Testing

extension Tag {
    /// Pure logic, no processes or files: milliseconds.
    @Tag static var small: Self
    /// Real files, processes or servers, but no package build: about a second.
    @Tag static var medium: Self
    /// Builds and runs a real fixture package: tens of seconds.
    @Tag static var large: Self
}
