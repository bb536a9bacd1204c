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
package struct CoverageMap: Sendable, Equatable {
    package static let formatVersion = 1
    /// Its file in a report folder, beside `run.json` (where `history import` looks for it).
    package static let fileName = "coverage-map.bin"

    /// `HEAD` when the map was recorded; nil outside git.
    package var commit: String?
    /// The package had uncommitted changes: its fingerprints, not `commit`, say what was measured.
    package var dirty: Bool
    package var recordedAt: Date
    /// Sorted by path.
    package var files: [File]
    /// Sorted by file, then first line.
    package var functions: [Function]
    /// Sorted by id.
    package var tests: [Test]

    package init(commit: String?, dirty: Bool, recordedAt: Date, files: [File], functions: [Function], tests: [Test]) {
        self.commit = commit
        self.dirty = dirty
        self.recordedAt = recordedAt
        self.files = files
        self.functions = functions
        self.tests = tests
    }

    /// A source file the test binary measured.
    package struct File: Sendable, Equatable {
        /// Relative to the package.
        package var path: String
        /// Git's blob id of the bytes measured (`git hash-object`), so a later diff can tell
        /// whether its line numbers are the map's.
        package var fingerprint: String
        /// The file belongs to a test target.
        package var isTest: Bool

        package init(path: String, fingerprint: String, isTest: Bool) {
            self.path = path
            self.fingerprint = fingerprint
            self.isTest = isTest
        }
    }

    /// A function's lines in its own file: from the first to the last line of its code regions.
    package struct Function: Sendable, Equatable {
        package var file: Int
        package var firstLine: Int
        package var lastLine: Int

        package init(file: Int, firstLine: Int, lastLine: Int) {
            self.file = file
            self.firstLine = firstLine
            self.lastLine = lastLine
        }
    }

    /// A test and the functions (indices into `functions`, ascending) it entered.
    package struct Test: Sendable, Equatable {
        package var id: String
        package var functions: [Int]

        package init(id: String, functions: [Int]) {
            self.id = id
            self.functions = functions
        }
    }

    /// The index of the file with this path.
    /// A binary search: `files` is sorted by path.
    package func fileIndex(_ path: String) -> Int? {
        var low = 0
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files[low].path == path ? low : nil
    }

    /// The functions of one file, as a range of indices into `functions`.
    package func functions(inFile file: Int) -> Range<Int> {
        // `functions` is sorted by file, so one file's functions are contiguous.
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
