/// How Telltale stops a child from outside: on cancellation, for a watchdog, or (through its
/// `OrphanGuard`) when Telltale dies.
package enum StopMethod: Sendable, Hashable {
    /// SIGTERM to the child's process group (SIGKILL for a watchdog), then SIGKILL: for children
    /// whose descendants stay in their group, which is every child but `swift test`.
    case group
    /// SIGINT to the child alone first, then SIGKILL to its group after the grace period: for a
    /// child that starts its own children in process groups of their own, which a signal to its
    /// group cannot reach. `swift test` is one: on SIGINT it interrupts its test process's group
    /// and waits for it (SwiftPM's `Cancellator`).
    case interruptFirst
}
