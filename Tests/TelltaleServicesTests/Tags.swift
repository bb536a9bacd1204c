import Testing

extension Tag {
    /// Pure logic, no processes or files: milliseconds.
    @Tag static var small: Self
    /// Real processes, files or servers: about a second.
    @Tag static var medium: Self
    /// Waits on purpose (timeouts, grace periods) or runs another program that supervises: seconds.
    @Tag static var large: Self
}
