import Foundation

/// Why queue mode could not go on, naming the build, the machines and what to do.
package struct QueueError: Error, LocalizedError, CustomStringConvertible, Sendable {
    package enum Kind: Sendable, Hashable {
        /// The database could not be reached or refused (`PostgresConnectionError` says why).
        case database
        /// This machine listed other tests than the machine that filled the queue.
        case listingMismatch
        /// Another process of the build, still running, has this machine's `--machine` name.
        case machineNameInUse
        /// No build id: not on a known CI, and no `--build`.
        case noBuild
        /// No such build in the queue.
        case unknownBuild
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
    package var errorDescription: String? { message }
}
