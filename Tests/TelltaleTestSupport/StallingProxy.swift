import Foundation
import Synchronization

/// A TCP proxy on 127.0.0.1 (its own port, the kernel's choice) in front of a server of the test
/// cluster, for tests of what stalls: the first `forwarded` connections go through to
/// `upstreamPort` until `stall()`; after that, and every later connection from the start, it
/// reads what the client sends and answers nothing, the connection left open, as a server or a
/// network that hung does. Without an upstream every connection stalls: a server that accepts
/// and then says nothing.
///
/// Blocking sockets on threads of their own, off the cooperative pool; `shutDown()` (or the end
/// of the test process) ends them.
public final class StallingProxy: Sendable {
    public let port: Int
    private let listener: Int32
    private let upstreamPort: Int?
    private let forwarded: Int
    private let state = Mutex(State())

    private struct State {
        var accepted = 0
        var stalled = false
        var closed = false
        var descriptors: [Int32] = []
    }

    /// Connections after the first `forwarded` stall from the start.
    public init(upstreamPort: Int?, forwarded: Int = .max) throws {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { throw LoopbackPortError(call: "socket") }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw LoopbackPortError(call: "bind")
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        self.upstreamPort = upstreamPort
        self.forwarded = upstreamPort == nil ? 0 : forwarded
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "StallingProxy \(port)"
        thread.start()
    }

    /// From now on nothing goes through, either way, on any connection.
    public func stall() {
        state.withLock { $0.stalled = true }
    }

    /// How many connections it accepted.
    public var accepted: Int { state.withLock { $0.accepted } }

    /// Closes the listener and every connection: a call still waiting on one fails.
    public func shutDown() {
        let descriptors = state.withLock { state -> [Int32] in
            guard !state.closed else { return [] }
            state.closed = true
            return state.descriptors + [listener]
        }
        for descriptor in descriptors { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    deinit { shutDown() }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let (open, number) = state.withLock { state -> (Bool, Int) in
                guard !state.closed else { return (false, 0) }
                state.accepted += 1
                state.descriptors.append(client)
                return (true, state.accepted)
            }
            guard open else {
                close(client)
                return
            }
            guard number <= forwarded, let upstreamPort, let server = Self.connected(toPort: upstreamPort) else {
                start { [self] in pump(from: client, to: nil) }
                continue
            }
            state.withLock { $0.descriptors.append(server) }
            start { [self] in pump(from: client, to: server) }
            start { [self] in pump(from: server, to: client) }
        }
    }

    /// Copies what `source` sends to `destination` until either end closes; once stalled (or
    /// with no destination) reads and drops it.
    private func pump(from source: Int32, to destination: Int32?) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            guard let destination, !state.withLock({ $0.stalled }) else { continue }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + sent, count - sent) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                sent += written
            }
        }
        // One side closed: close the other, unless stalled (a hung server closes nothing).
        if let destination, !state.withLock({ $0.stalled }) { shutdown(destination, Int32(SHUT_RDWR)) }
    }

    private func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.start()
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }

    private static func connected(toPort port: Int) -> Int32? {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { return nil }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
