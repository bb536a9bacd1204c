/// Where `telltale run --changed` diffs from.
public enum ChangeBase: Sendable, Equatable {
    /// The merge-base with the branch's upstream, or `HEAD` without one.
    case upstream
    /// The merge-base with this commit, branch or tag.
    case named(String)
}
