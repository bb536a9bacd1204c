extension WebAssets {
    /// The test report's own files (`report.css`, `report.js`, which builds the page) and its
    /// features, each a style sheet and script of its own that a page holds only when its record
    /// has that data (`report.js` says how a feature hooks into the page).
    package enum Report {
        package static let styles = [WebAsset("report.css", PackageResources.report_css)]
        /// The last script: it reads the data and builds the page with the features before it.
        package static let script = WebAsset("report.js", PackageResources.report_js)

        package enum Feature: CaseIterable, Sendable {
            /// The analytics verdict: the Analytics view and each test's checks.
            case analytics
            /// Trends of recent runs, each test's history, quarantine.
            case history
            /// Swift Testing's display names, tags, bugs, warnings, cases, attachments.
            case richResults
            /// The Coverage section and each file's marked source.
            case coverage
            /// The Stress section of `--stress-new`.
            case stress
            /// Order and flakiness: the seed, repetitions' failure rates, order dependencies, flaky causes.
            case order
            /// The comparison with the base of the change: its line, a filter per class, row marks.
            case comparison

            package var styles: [WebAsset] {
                switch self {
                case .analytics: [WebAsset("report-analytics.css", PackageResources.report_analytics_css)]
                case .history: [WebAsset("report-history.css", PackageResources.report_history_css)]
                case .richResults: [WebAsset("report-rich-results.css", PackageResources.report_rich_results_css)]
                case .coverage: [WebAsset("report-coverage.css", PackageResources.report_coverage_css)]
                case .stress: [WebAsset("report-stress.css", PackageResources.report_stress_css)]
                case .order: [WebAsset("report-order.css", PackageResources.report_order_css)]
                case .comparison: [WebAsset("report-comparison.css", PackageResources.report_comparison_css)]
                }
            }

            package var scripts: [WebAsset] {
                switch self {
                case .analytics:
                    [
                        WebAsset("report-checks.js", PackageResources.report_checks_js),
                        WebAsset("report-analytics.js", PackageResources.report_analytics_js),
                    ]
                case .history: [WebAsset("report-history.js", PackageResources.report_history_js)]
                case .richResults: [WebAsset("report-rich-results.js", PackageResources.report_rich_results_js)]
                case .coverage: [WebAsset("report-coverage.js", PackageResources.report_coverage_js)]
                case .stress: [WebAsset("report-stress.js", PackageResources.report_stress_js)]
                case .order: [WebAsset("report-order.js", PackageResources.report_order_js)]
                case .comparison: [WebAsset("report-comparison.js", PackageResources.report_comparison_js)]
                }
            }
        }
    }
}
