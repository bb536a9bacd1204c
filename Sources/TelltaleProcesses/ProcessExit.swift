/// How a child process ended: a test process, a build or a service.
package enum ProcessExit: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    package var isSuccess: Bool { self == .exited(0) }

    package var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "signal \(signal) (\(Self.signalName(signal)))"
        }
    }

    /// The conventional name of a signal, for messages people read.
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 3: "SIGQUIT"
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        default: "SIG\(signal)"
        }
    }
}
