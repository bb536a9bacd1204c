// service-fixture: a stand-in backend for the supervisor's tests.
//
//   --http | --tcp | --log    how it signals readiness (default --http):
//                             serve HTTP on $PORT, accept TCP on $PORT, or only print the line
//   --ready-after SECONDS     wait before listening and printing "listening on"
//   --never-ready             never listen, never print the line; just keep running
//   --exit-at-start CODE      print a few lines and exit with CODE before getting ready
//   --ignore-sigterm          ignore SIGTERM (the supervisor must SIGKILL it)
//   --spam-lines N            print N numbered lines after getting ready
//   --pid-file PATH           write the pid there once running (for the orphan test)
//   --health-status N         status for GET /health (default 200)
//
// HTTP routes: GET /health; POST /tests/reset, /tests/setup?test=ID, /tests/teardown?test=ID.
// A test id containing "fail" makes setup/teardown answer 500 with a readable body, one
// containing "BreakTeardown" only teardown. Setup refuses unless a reset came since the
// last setup. For test suites that use the fixture as their backend: GET /current answers
// `test=ID` (the test set up last), POST /crash answers and then exits with status 42.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

setvbuf(stdout, nil, _IOLBF, 0)

var mode = "http"
var readyAfter = 0.0
var neverReady = false
var exitAtStart: Int32?
var ignoreSigterm = false
var spamLines = 0
var pidFile: String?
var healthStatus = 200

var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--http": mode = "http"
    case "--tcp": mode = "tcp"
    case "--log": mode = "log"
    case "--ready-after": readyAfter = Double(arguments.next() ?? "0") ?? 0
    case "--never-ready": neverReady = true
    case "--exit-at-start": exitAtStart = Int32(arguments.next() ?? "3") ?? 3
    case "--ignore-sigterm": ignoreSigterm = true
    case "--spam-lines": spamLines = Int(arguments.next() ?? "0") ?? 0
    case "--pid-file": pidFile = arguments.next()
    case "--health-status": healthStatus = Int(arguments.next() ?? "200") ?? 200
    default:
        FileHandle.standardError.write(Data("unknown flag \(argument)\n".utf8))
        exit(64)
    }
}

if ignoreSigterm { signal(SIGTERM, SIG_IGN) }
if let pidFile { try? "\(getpid())\n".write(toFile: pidFile, atomically: true, encoding: .utf8) }
print("fixture starting (pid \(getpid()), mode \(mode))")

if let code = exitAtStart {
    print("fixture: cannot open the database")
    FileHandle.standardError.write(Data("fixture: fatal: giving up\n".utf8))
    exit(code)
}

if neverReady {
    while true { sleep(60) }
}

if readyAfter > 0 { usleep(useconds_t(readyAfter * 1_000_000)) }

let port = Int(ProcessInfo.processInfo.environment["PORT"] ?? "0") ?? 0

/// A listening socket on 127.0.0.1; returns the fd and the real port.
func listenLoopback(port: Int) -> (Int32, Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
        print("fixture: cannot listen on port \(port): errno \(errno)")
        exit(3)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: actual.sin_port)))
}

func respond(_ client: Int32, status: Int, body: String) {
    let reason = status < 300 ? "OK" : "Error"
    let text = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: \(body.utf8.count)\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n\(body)"
    _ = text.withCString { write(client, $0, strlen($0)) }
}

func handleHTTP(_ client: Int32) {
    var buffer = [UInt8](repeating: 0, count: 8192)
    var received = [UInt8]()
    // Read until the end of the headers; the test-mode calls carry no body the fixture needs.
    while !received.ends(with: [13, 10, 13, 10]) {
        let count = read(client, &buffer, buffer.count)
        if count <= 0 { break }
        received += buffer[0..<count]
        if received.count > 65536 { break }
    }
    let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let parts = requestLine.split(separator: " ")
    guard parts.count >= 2 else { return respond(client, status: 400, body: "bad request") }
    let method = parts[0]
    let target = String(parts[1])
    let path = target.split(separator: "?").first.map(String.init) ?? target
    let encodedTest = target.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
    let test = encodedTest.removingPercentEncoding ?? encodedTest
    // The monotonic time lets the start-up benchmark measure from "listening" to the first test's reset.
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    print("fixture: \(method) \(target) (monotonic \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)))")
    switch (method, path) {
    case ("GET", "/health"):
        respond(client, status: healthStatus, body: "ok")
    case ("POST", "/tests/reset"):
        state.withLock { $0 = nil }
        respond(client, status: 200, body: "reset")
    case ("POST", "/tests/setup"), ("POST", "/tests/teardown"):
        let breaks = test.lowercased().contains("fail") || (path == "/tests/teardown" && test.contains("BreakTeardown"))
        if breaks {
            respond(client, status: 500, body: "expected 1 order row for \(test), found 0")
        } else if path == "/tests/setup",
            let previous = state.withLock({ current in
                defer { if current == nil { current = test } }
                return current
            })
        {
            respond(client, status: 409, body: "setup of \(test) without a reset since the setup of \(previous)")
        } else {
            respond(client, status: 200, body: "ok \(test)")
        }
    case ("GET", "/current"):
        respond(client, status: 200, body: "test=\(state.withLock { $0 } ?? "")")
    case ("POST", "/crash"):
        respond(client, status: 200, body: "crashing")
        print("fixture: crashing on request")
        exit(42)
    case ("POST", "/slow"):
        // Far longer than any stall of a loaded machine: a client's deadline must be what ends it.
        sleep(300)
        respond(client, status: 200, body: "slow")
    default: respond(client, status: 404, body: "no route \(path)")
    }
}

/// The test set up last, nil after a reset; handlers run on a thread each.
final class LockedState: @unchecked Sendable {
    // Only touched while holding `lock`, which makes the class safe to share.
    private let lock = NSLock()
    private var current: String?

    func withLock<T>(_ body: (inout String?) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&current)
    }
}
let state = LockedState()

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

var listener: Int32 = -1
var actualPort = port
if mode != "log" {
    (listener, actualPort) = listenLoopback(port: port)
}
// The monotonic time lets the readiness benchmark measure from this very line to readiness detected.
var now = timespec()
clock_gettime(CLOCK_MONOTONIC, &now)
print("fixture listening on http://127.0.0.1:\(actualPort) (monotonic \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)))")

if spamLines > 0 {
    for index in 1...spamLines { print("spam line \(index) of \(spamLines): the quick brown fox jumps over the lazy dog") }
    print("spam done")
}

if mode == "log" {
    while true { sleep(60) }
}
while true {
    let client = accept(listener, nil, nil)
    if client < 0 { continue }
    if mode == "http" {
        // One thread per connection so a slow request does not hold up readiness probes.
        Thread.detachNewThread {
            handleHTTP(client)
            close(client)
        }
    } else {
        close(client)
    }
}
