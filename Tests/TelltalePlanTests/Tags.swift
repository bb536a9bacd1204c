import Testing

extension Tag {
    /// In memory, milliseconds.
    @Tag static var small: Self
    /// Reads fixtures or writes temporary files.
    @Tag static var medium: Self
}
