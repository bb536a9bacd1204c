import NIOCore

/// Told on its event loop when the events it stored are durable (or could not be stored).
protocol DurabilityListener: AnyObject {
    func eventsAreDurable(_ result: Result<Void, any Error>)
}

/// Who the event log tells once a request's lines are synced: a promise, or a listener on its
/// event loop. A capture connection is its own listener: at capture rates a promise and a
/// callback per request cost more than the rest of the answer.
struct DurabilityNotice: Sendable {
    private enum Target: Sendable {
        case promise(EventLoopPromise<Void>)
        case listener(NIOLoopBound<any DurabilityListener>)
    }

    private let target: Target
    let eventLoop: any EventLoop

    static func promise(_ promise: EventLoopPromise<Void>) -> DurabilityNotice {
        DurabilityNotice(target: .promise(promise), eventLoop: promise.futureResult.eventLoop)
    }

    /// Must be made on `eventLoop`, where the listener lives.
    static func listener(_ listener: any DurabilityListener, on eventLoop: any EventLoop) -> DurabilityNotice {
        DurabilityNotice(target: .listener(NIOLoopBound(listener, eventLoop: eventLoop)), eventLoop: eventLoop)
    }

    /// Delivers the outcome; call on `eventLoop`.
    func deliver(_ result: Result<Void, any Error>) {
        switch target {
        case .promise(let promise): promise.completeWith(result)
        case .listener(let bound): bound.value.eventsAreDurable(result)
        }
    }
}
