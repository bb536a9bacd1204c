import Foundation

/// A TCP port on 127.0.0.1 that nothing listens on at this moment (the kernel's choice for
/// port 0): for a server that must be told its port, or a connection that must be refused.
public func unusedLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, streamSocketType, 0)
    guard descriptor >= 0 else { throw LoopbackPortError(call: "socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw LoopbackPortError(call: "bind") }
    return Int(UInt16(bigEndian: address.sin_port))
}

struct LoopbackPortError: Error, CustomStringConvertible {
    var call: String
    var error = errno
    var description: String { "\(call): \(String(cString: strerror(error)))" }
}
