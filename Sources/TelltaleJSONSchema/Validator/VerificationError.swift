import Foundation

/// Why expectations or a tracking plan cannot be used. Plans are validated when they are
/// loaded, so this only reaches users who build expectations in code.
package enum VerificationError: Error, LocalizedError, Sendable, Equatable {
    /// A regular expression that does not compile; `context` says where it was written.
    case invalidPattern(String, context: String, reason: String)
    /// A schema's `$ref` whose target the catalog's `definitions` do not hold.
    case unresolvedReference(String, context: String)

    package var errorDescription: String? {
        switch self {
        case .invalidPattern(let pattern, let context, let reason):
            "\(context): '\(pattern)' is not a valid regular expression (\(reason))"
        case .unresolvedReference(let uri, let context):
            "\(context): the `$ref` '\(uri)' has no schema in the catalog's definitions"
        }
    }
}
