import Foundation
import TelltaleModel

/// One kind of report file: what `telltale report --format` calls it, the file it writes, and
/// its writer. Every format is registered once, in `ReportFormat.registered`; the report folder
/// (`ReportDirectory`) writes and clears what that list names, and the commands print and offer
/// it, so adding a format is a writer and one entry there.
///
/// Writers are pure (record and context in, bytes out); `render` gets the report folder as well,
/// for a writer that reads files the run put there (the HTML page inlines attachments).
package struct ReportFormat: Sendable {
    /// `--format`'s name for it: `junit`, `html`, `ctrf`, ….
    package let name: String
    /// The file it writes, in the report folder.
    package let fileName: String
    /// What `--format`'s help says it is.
    package let summary: String
    /// Written by every command that writes reports (`run`, `merge`, `report`); false: only
    /// on request, with `telltale report --format NAME`.
    package let isWrittenByDefault: Bool
    /// Laid out before the others, so its notes (JUnit's split into files) join the record the
    /// others are written from.
    package let writesFirst: Bool
    /// For formats that write more than `fileName` (`junit-2.xml`, `summary.remarkup`): whether
    /// a file in the report folder is one of theirs, so a new run clears it.
    let owns: @Sendable (String) -> Bool
    let render: @Sendable (RunRecord, ReportContext, _ folder: String) throws -> Output

    /// What a format writes: one file or more, and notes on what it split or left out.
    package struct Output: Sendable {
        package var files: [(name: String, data: Data)]
        package var notes: [String]

        package init(files: [(name: String, data: Data)], notes: [String] = []) {
            self.files = files
            self.notes = notes
        }
    }

    /// A format of one file.
    init(
        name: String, fileName: String, summary: String, isWrittenByDefault: Bool = true,
        write: @escaping @Sendable (RunRecord, ReportContext, _ folder: String) throws -> Data
    ) {
        self.init(name: name, fileName: fileName, summary: summary, isWrittenByDefault: isWrittenByDefault) { record, context, folder in
            Output(files: [(fileName, try write(record, context, folder))])
        }
    }

    init(
        name: String, fileName: String, summary: String, isWrittenByDefault: Bool = true, writesFirst: Bool = false,
        owns: (@Sendable (String) -> Bool)? = nil,
        render: @escaping @Sendable (RunRecord, ReportContext, _ folder: String) throws -> Output
    ) {
        self.name = name
        self.fileName = fileName
        self.summary = summary
        self.isWrittenByDefault = isWrittenByDefault
        self.writesFirst = writesFirst
        self.owns = owns ?? { $0 == fileName }
        self.render = render
    }

    /// The format's files and notes for `record`, as they go into `folder`.
    package func output(_ record: RunRecord, context: ReportContext, folder: String) throws -> Output {
        try render(record, context, folder)
    }

    /// Whether `fileName` (a name in the report folder) is one this format writes.
    package func owns(fileName: String) -> Bool {
        owns(fileName)
    }

    /// The registered format called `name`.
    package static func named(_ name: String) -> ReportFormat? {
        registered.first { $0.name == name }
    }

    /// The formats every report-writing command writes, in the order they are listed.
    package static var writtenByDefault: [ReportFormat] {
        registered.filter(\.isWrittenByDefault)
    }
}
