import Foundation

/// One line a test process wrote, stamped when Telltale read it.
public struct OutputLine: Sendable, Hashable {
    public var text: String
    public var time: Date

    public init(_ text: String, time: Date) {
        self.text = text
        self.time = time
    }
}
