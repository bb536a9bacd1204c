/// What happened to a service instance, in order, for the orchestrator to follow.
package enum ServiceEvent: Sendable, Equatable {
    /// Ready after `startup` (from spawn to readiness detected); `generation` counts starts from 1.
    case ready(generation: Int, pid: Int32, startup: Duration)
    /// The process ended while it was meant to run: a crash. Carries the error a test in flight should fail with.
    case crashed(generation: Int, ServiceError)
    /// Being started again, after a crash or on request.
    case restarting(generation: Int)
}
