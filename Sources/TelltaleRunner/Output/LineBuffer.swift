/// Keeps the last lines a process wrote, for error messages.
struct LineBuffer: Sendable {
    let capacity: Int
    private(set) var lines: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
        lines.reserveCapacity(capacity)
    }

    mutating func append(_ line: String) {
        if lines.count == capacity { lines.removeFirst() }
        lines.append(line)
    }
}
