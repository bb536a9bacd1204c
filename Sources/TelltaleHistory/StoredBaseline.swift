import TelltaleModel

/// The run of a change's base as a store finds it (`HistoryBackend.baselineRun`): the run, how it
/// was found, its results whole, and each test's durations over the base's recent runs (by key,
/// newest first, skips aside), the spread "much slower" is judged against.
struct StoredBaseline: Sendable {
    var run: HistoryStore.ListedRun
    var match: BaselineSource.Match
    var results: [StoredResult]
    var durations: [String: [Double]]
}
