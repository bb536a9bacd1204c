import TelltaleModel

/// Gives each output line of a process to the one test that was running when it
/// arrived, for frameworks that run tests in parallel inside one process.
///
/// A line that arrives while two tests overlap belongs to neither: it stays in
/// the process log rather than being pinned on the wrong test.
enum OutputAttribution {
    /// Lines reach Telltale a moment after the test printed them: a line that
    /// arrives when no test is running goes to a test that ended this recently,
    /// if there is exactly one.
    static let lateArrival = 0.05

    static func assign(lines: [OutputLine], windows: [TestID: ClosedRange<Double>]) -> [TestID: [String]] {
        let ordered = windows.sorted { $0.value.lowerBound < $1.value.lowerBound }
        var assigned: [TestID: [String]] = [:]
        var next = 0
        var active: [(id: TestID, end: Double)] = []
        var recentlyEnded: [(id: TestID, end: Double)] = []
        for line in lines where !isFrameworkChatter(line.text) {
            let time = line.time.timeIntervalSince1970
            while next < ordered.count, ordered[next].value.lowerBound <= time {
                active.append((ordered[next].key, ordered[next].value.upperBound))
                next += 1
            }
            recentlyEnded += active.filter { $0.end < time }
            active.removeAll { $0.end < time }
            recentlyEnded.removeAll { $0.end < time - lateArrival }
            if active.count == 1 {
                assigned[active[0].id, default: []].append(line.text)
            } else if active.isEmpty, recentlyEnded.count == 1 {
                assigned[recentlyEnded[0].id, default: []].append(line.text)
            }
        }
        return assigned
    }

    /// Swift Testing's own console lines (`◇ Test x() started.`, maybe coloured) are not the test's output.
    static func isFrameworkChatter(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        // Skip a leading colour code: ESC [ … m.
        if scalars.first == "\u{1B}", let end = scalars.firstIndex(of: "m") {
            scalars = scalars[scalars.index(after: end)...]
        }
        guard let first = scalars.first else { return false }
        return ["◇", "✔", "✘", "➜", "━", "↳", "􀟈", "􁁛", "􀢄", "􀙟", "􀄵", "􀀺"].contains(first)
    }
}
