/// The files and hunks of a `git diff -U0 -M`, both sides: which lines each hunk removed (old
/// side, the numbering a coverage map recorded at the base uses) and added (new side, the
/// numbering of the working tree).
package struct FileDiff: Sendable, Equatable {
    /// Nil for a file the diff adds.
    package var oldPath: String?
    /// Nil for a file the diff deletes.
    package var newPath: String?
    package var hunks: [Hunk]
    /// Git could not show the change line by line (`Binary files … differ`).
    package var binary = false

    package var isRename: Bool { oldPath != nil && newPath != nil && oldPath != newPath }

    package struct Hunk: Sendable, Equatable {
        /// `@@ -oldStart,oldCount +newStart,newCount @@`; a count of 0 means the side has no
        /// line, and its start is the line before the gap.
        package var oldStart: Int
        package var oldCount: Int
        package var newStart: Int
        package var newCount: Int
        package var removed: [String] = []
        package var added: [String] = []

        package init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, removed: [String] = [], added: [String] = []) {
            self.oldStart = oldStart
            self.oldCount = oldCount
            self.newStart = newStart
            self.newCount = newCount
            self.removed = removed
            self.added = added
        }
    }

    package init(oldPath: String?, newPath: String?, hunks: [Hunk] = [], binary: Bool = false) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.hunks = hunks
        self.binary = binary
    }

    /// Every file of a `git diff -U0` (with `--relative`: paths relative to where it ran).
    package static func parse(_ lines: [String]) -> [FileDiff] {
        var files: [FileDiff] = []
        // Between `diff --git` and the first `@@` the lines are the file's header, not its change.
        var inHeader = false
        for line in lines {
            if line.hasPrefix("diff --git ") {
                files.append(FileDiff(oldPath: nil, newPath: nil))
                inHeader = true
                // Until `---`/`+++` say otherwise (a rename or mode change has none): both sides.
                if let (old, new) = headerPaths(String(line.dropFirst("diff --git ".count))) {
                    files[files.count - 1].oldPath = old
                    files[files.count - 1].newPath = new
                }
                continue
            }
            guard !files.isEmpty else { continue }
            let last = files.count - 1
            if inHeader {
                if line.hasPrefix("rename from ") { files[last].oldPath = unquoted(String(line.dropFirst(12))) }
                if line.hasPrefix("rename to ") { files[last].newPath = unquoted(String(line.dropFirst(10))) }
                if line.hasPrefix("new file mode") { files[last].oldPath = nil }
                if line.hasPrefix("deleted file mode") { files[last].newPath = nil }
                if line.hasPrefix("Binary files ") { files[last].binary = true }
                if line.hasPrefix("--- ") { files[last].oldPath = side(String(line.dropFirst(4)), prefix: "a/") }
                if line.hasPrefix("+++ ") {
                    files[last].newPath = side(String(line.dropFirst(4)), prefix: "b/")
                    inHeader = false
                }
                if !line.hasPrefix("@@ ") { continue }
            }
            // A hunk's header, then its removed and added lines (`-U0`: no context lines among them).
            if line.hasPrefix("@@ ") {
                inHeader = false
                if let hunk = hunkHeader(line) { files[last].hunks.append(hunk) }
            } else if line.hasPrefix("-"), !files[last].hunks.isEmpty {
                files[last].hunks[files[last].hunks.count - 1].removed.append(String(line.dropFirst()))
            } else if line.hasPrefix("+"), !files[last].hunks.isEmpty {
                files[last].hunks[files[last].hunks.count - 1].added.append(String(line.dropFirst()))
            }
        }
        return files
    }

    /// `@@ -a,b +c,d @@`: a count left out is 1.
    static func hunkHeader(_ line: String) -> Hunk? {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = numbers.first.flatMap({ Int($0) }) else { return nil }
            return (start, numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return Hunk(oldStart: old.0, oldCount: old.1, newStart: new.0, newCount: new.1)
    }

    /// `a/path` or `/dev/null` (no such side).
    private static func side(_ text: String, prefix: String) -> String? {
        let name = unquoted(text)
        if name == "/dev/null" { return nil }
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }

    /// `a/x b/x` when both paths are plain and equal in length (the usual case).
    private static func headerPaths(_ text: String) -> (String, String)? {
        guard text.hasPrefix("a/"), !text.hasPrefix("\""), text.count % 2 == 1 else { return nil }
        let half = (text.count - 1) / 2
        let old = String(text.prefix(half))
        let new = String(text.suffix(half))
        guard old.hasPrefix("a/"), new.hasPrefix("b/"), old.dropFirst(2) == new.dropFirst(2) else { return nil }
        return (String(old.dropFirst(2)), String(new.dropFirst(2)))
    }

    /// Git quotes a path with unusual characters (`"a\tb.swift"`), even with `core.quotePath=false`.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        // `\t` and `\n`, and an escaped character as itself (`\"`, `\\`); octal escapes are not read,
        // since `core.quotePath=false` leaves non-ASCII names as they are.
        var escaping = false
        for character in text.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
