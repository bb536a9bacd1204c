/// The commit this `telltale` was built from, for `telltale --version`.
///
/// `Scripts/install-telltale.sh` (from source) and `Scripts/package-release` (a release's archives)
/// write it here (`Scripts/build-commit`) for their release build and put this file back
/// afterwards, so the installed binary carries its commit wherever it is copied or cached, and a
/// clean checkout builds as it is. Any other build (`swift build`, the tests) does not know its
/// commit and says so.
enum BuildCommit {
    /// Nil as committed. `Scripts/build-commit` rewrites this line, by its exact text, with the
    /// full commit hash (and `, with local changes` when tracked files differed from it).
    static let commit: String? = nil

    /// `built from commit 4f1c…` (`, with local changes` when the checkout had some), or why not.
    static var description: String {
        commit.map { "built from commit \($0)" } ?? "commit unknown: not built by Scripts/install-telltale.sh"
    }
}
