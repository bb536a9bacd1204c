import Foundation

/// One line a test process wrote, stamped when Telltale read it.
package struct OutputLine: Sendable, Hashable {
    package var text: String
    package var time: Date

    package init(_ text: String, time: Date) {
        self.text = text
        self.time = time
    }
}
