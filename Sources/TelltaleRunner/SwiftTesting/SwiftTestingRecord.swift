import Foundation

/// One JSON line of Swift Testing's event stream (`--event-stream-output-path`).
///
/// Version 0 spells experimental fields with a leading underscore (`_testCase`,
/// `_comments`); later versions (6.3.0 and on) drop it. Both spellings decode,
/// and every field the runner can do without is optional, so a newer stream
/// degrades rather than fails.
struct SwiftTestingRecord: Decodable {
    enum Kind: String, Decodable {
        case test
        case event
    }

    var kind: Kind?
    var payload: Payload

    struct Payload: Decodable {
        // `test` records
        var id: String?
        var name: String?
        var testKind: String?
        var sourceLocation: Location?
        var isParameterized: Bool?
        // `event` records
        var eventKind: String?
        var testID: String?
        var instant: Instant?
        var messages: [Message]?
        var issue: Issue?
        var testCase: TestCase?
        var comments: [String]?
        var eventSourceLocation: Location?

        enum CodingKeys: String, CodingKey {
            case id, name, kind, sourceLocation, isParameterized, testID, instant, messages, issue
            case testCase, _testCase, comments, _comments, _sourceLocation
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
        var sourceLocation: Location?
        /// Present when the issue is a thrown error.
        var error: ErrorInfo?

        enum CodingKeys: String, CodingKey {
            case isKnown, sourceLocation, error, _error
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            isKnown = try c.decodeIfPresent(Bool.self, forKey: .isKnown)
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
        var displayName: String?
    }
}
