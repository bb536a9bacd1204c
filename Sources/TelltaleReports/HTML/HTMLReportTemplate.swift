/// The style sheet and script inlined into `index.html`, each in a file of its own
/// (`HTMLReportTemplate+Styles.swift`, `HTMLReportTemplate+Script.swift`), and the analytics
/// verdict's styles and script hooks (`HTMLReportTemplate+Analytics.swift`), added only to pages
/// of records that have one.
///
/// The script reads the JSON data block and builds every element with `textContent`
/// and `createElement`; it never assigns `innerHTML`, so captured text cannot become markup.
enum HTMLReportTemplate {}
