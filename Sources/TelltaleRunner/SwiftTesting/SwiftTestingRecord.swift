import Foundation

/// One JSON line of Swift Testing's event stream (`--event-stream-output-path`).
///
/// Experimental fields carry a leading underscore (`_testCase`, `_comments`,
/// `_tags`); 6.3 writes them only when `SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED`
/// is set, and 6.4 makes some of them plain (`tags`, `bugs`, `timeLimit`). Both
/// spellings decode, and every field the runner can do without is optional, so a
/// newer stream degrades rather than fails. Unknown kinds decode as nil and are
/// ignored, as the ABI documentation requires.
struct SwiftTestingRecord: Decodable {
    enum Kind: String, Decodable {
        case test
        case event
    }

    var kind: Kind?
    var payload: Payload
    /// The schema version the record was written in (`6.3.0`); absent before 6.3.
    var version: String?

    enum CodingKeys: String, CodingKey { case kind, payload, version }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try? c.decodeIfPresent(Kind.self, forKey: .kind)
        payload = try c.decode(Payload.self, forKey: .payload)
        version = try? c.decodeIfPresent(String.self, forKey: .version)
    }

    struct Payload: Decodable {
        // `test` records
        var id: String?
        var name: String?
        var testKind: String?
        var sourceLocation: Location?
        var isParameterized: Bool?
        var displayName: String?
        var tags: [String]?
        var bugs: [Bug]?
        /// Seconds (6.4 and on).
        var timeLimit: Double?
        // `event` records
        var eventKind: String?
        var testID: String?
        var instant: Instant?
        var messages: [Message]?
        var issue: Issue?
        var testCase: TestCase?
        var comments: [String]?
        var eventSourceLocation: Location?
        var attachment: Attachment?

        enum CodingKeys: String, CodingKey {
            case id, name, kind, sourceLocation, isParameterized, testID, instant, messages, issue
            case testCase, _testCase, comments, _comments, _sourceLocation
            case displayName, tags, _tags, bugs, timeLimit, attachment
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decodeIfPresent(String.self, forKey: .id)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            let kind = try c.decodeIfPresent(String.self, forKey: .kind)
            testKind = kind
            eventKind = kind
            sourceLocation = try c.decodeIfPresent(Location.self, forKey: .sourceLocation)
            isParameterized = try c.decodeIfPresent(Bool.self, forKey: .isParameterized)
            testID = try c.decodeIfPresent(String.self, forKey: .testID)
            instant = try c.decodeIfPresent(Instant.self, forKey: .instant)
            messages = try c.decodeIfPresent([Message].self, forKey: .messages)
            issue = try c.decodeIfPresent(Issue.self, forKey: .issue)
            testCase =
                try c.decodeIfPresent(TestCase.self, forKey: .testCase)
                ?? c.decodeIfPresent(TestCase.self, forKey: ._testCase)
            comments =
                try c.decodeIfPresent([String].self, forKey: .comments)
                ?? c.decodeIfPresent([String].self, forKey: ._comments)
            eventSourceLocation = try c.decodeIfPresent(Location.self, forKey: ._sourceLocation)
            displayName = try c.decodeIfPresent(String.self, forKey: .displayName)
            tags =
                try c.decodeIfPresent([String].self, forKey: .tags)
                ?? c.decodeIfPresent([String].self, forKey: ._tags)
            bugs = try? c.decodeIfPresent([Bug].self, forKey: .bugs)
            timeLimit = try? c.decodeIfPresent(Double.self, forKey: .timeLimit)
            attachment = try? c.decodeIfPresent(Attachment.self, forKey: .attachment)
        }
    }

    struct Location: Decodable {
        var filePath: String?
        var fileID: String?
        var line: Int
        var column: Int?

        enum CodingKeys: String, CodingKey {
            case filePath, _filePath, fileID, line, column
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            filePath =
                try c.decodeIfPresent(String.self, forKey: .filePath)
                ?? c.decodeIfPresent(String.self, forKey: ._filePath)
            fileID = try c.decodeIfPresent(String.self, forKey: .fileID)
            line = try c.decode(Int.self, forKey: .line)
            column = try c.decodeIfPresent(Int.self, forKey: .column)
        }
    }

    struct Instant: Decodable {
        var absolute: Double
        var since1970: Double
    }

    struct Message: Decodable {
        var symbol: String?
        var text: String
    }

    struct Issue: Decodable {
        var isKnown: Bool?
        /// `warning` or `error` (6.3 and on).
        var severity: String?
        /// Whether the issue fails its test (6.3 and on); before, any issue not known did.
        var isFailure: Bool?
        var sourceLocation: Location?
        /// Present when the issue is a thrown error.
        var error: ErrorInfo?

        enum CodingKeys: String, CodingKey {
            case isKnown, sourceLocation, error, _error, severity, isFailure
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            isKnown = try c.decodeIfPresent(Bool.self, forKey: .isKnown)
            severity = try? c.decodeIfPresent(String.self, forKey: .severity)
            isFailure = try? c.decodeIfPresent(Bool.self, forKey: .isFailure)
            sourceLocation = try c.decodeIfPresent(Location.self, forKey: .sourceLocation)
            error =
                try c.decodeIfPresent(ErrorInfo.self, forKey: .error)
                ?? c.decodeIfPresent(ErrorInfo.self, forKey: ._error)
        }
    }

    struct ErrorInfo: Decodable {
        var description: String?
    }

    struct TestCase: Decodable {
        var id: String?
        var displayName: String?
    }

    /// A `.bug(...)` trait (6.4 and on): `{"url": …, "id": …, "title": …}`, where the
    /// title is a `Comment` (`{"rawValue": …}`) or, as some writers put it, a string.
    struct Bug: Decodable {
        var url: String?
        var id: String?
        var title: String?

        enum CodingKeys: String, CodingKey { case url, id, title }
        struct Comment: Decodable { var rawValue: String }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = try? c.decodeIfPresent(String.self, forKey: .url)
            id = try? c.decodeIfPresent(String.self, forKey: .id)
            title =
                (try? c.decodeIfPresent(String.self, forKey: .title))
                ?? (try? c.decodeIfPresent(Comment.self, forKey: .title))?.rawValue
        }
    }

    /// A `valueAttached` event's file, written under `--attachments-path`.
    struct Attachment: Decodable {
        var path: String?
        var preferredName: String?

        enum CodingKeys: String, CodingKey { case path, preferredName, _preferredName }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = try c.decodeIfPresent(String.self, forKey: .path)
            preferredName =
                try c.decodeIfPresent(String.self, forKey: .preferredName)
                ?? c.decodeIfPresent(String.self, forKey: ._preferredName)
        }
    }
}
