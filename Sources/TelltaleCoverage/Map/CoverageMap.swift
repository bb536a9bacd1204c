import Foundation

/// What each test executed, recorded by a run with `--coverage-map` (every test in a process
/// of its own, with its own raw profile), so `--changed --select tests` can run only the tests
/// that executed a changed line.
///
/// Kept by function, not by line: which functions a raw profile entered is one cheap
/// `llvm-profdata show --covered` per test, where lines would take a full `llvm-cov export` per
/// test; a test's record is then a short list of function numbers. A changed line inside a
/// function selects every test that entered the function, even one that skipped the line:
/// more tests than lines would select, never fewer.
public struct CoverageMap: Sendable, Equatable {
    public static let formatVersion = 1

    /// `HEAD` when the map was recorded; nil outside git.
    public var commit: String?
    /// The package had uncommitted changes: its fingerprints, not `commit`, say what was measured.
    public var dirty: Bool
    public var recordedAt: Date
    /// Sorted by path.
    public var files: [File]
    /// Sorted by file, then first line.
    public var functions: [Function]
    /// Sorted by id.
    public var tests: [Test]

    public init(commit: String?, dirty: Bool, recordedAt: Date, files: [File], functions: [Function], tests: [Test]) {
        self.commit = commit
        self.dirty = dirty
        self.recordedAt = recordedAt
        self.files = files
        self.functions = functions
        self.tests = tests
    }

    /// A source file the test binary measured.
    public struct File: Sendable, Equatable {
        /// Relative to the package.
        public var path: String
        /// Git's blob id of the bytes measured (`git hash-object`), so a later diff can tell
        /// whether its line numbers are the map's.
        public var fingerprint: String
        /// The file belongs to a test target.
        public var isTest: Bool

        public init(path: String, fingerprint: String, isTest: Bool) {
            self.path = path
            self.fingerprint = fingerprint
            self.isTest = isTest
        }
    }

    /// A function's lines in its own file: from the first to the last line of its code regions.
    public struct Function: Sendable, Equatable {
        public var file: Int
        public var firstLine: Int
        public var lastLine: Int

        public init(file: Int, firstLine: Int, lastLine: Int) {
            self.file = file
            self.firstLine = firstLine
            self.lastLine = lastLine
        }
    }

    /// A test and the functions (indices into `functions`, ascending) it entered.
    public struct Test: Sendable, Equatable {
        public var id: String
        public var functions: [Int]

        public init(id: String, functions: [Int]) {
            self.id = id
            self.functions = functions
        }
    }

    /// The index of the file with this path.
    public func fileIndex(_ path: String) -> Int? {
        var low = 0
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files[low].path == path ? low : nil
    }

    /// The functions of one file, as a range of indices into `functions`.
    public func functions(inFile file: Int) -> Range<Int> {
        let start = functions.partitioningIndex { $0.file >= file }
        let end = functions.partitioningIndex { $0.file > file }
        return start..<end
    }
}

extension Array {
    /// The first index whose element satisfies `isAfter`, for an array ordered so that every
    /// element that satisfies it comes after every one that does not.
    func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
