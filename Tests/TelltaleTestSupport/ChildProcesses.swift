import Foundation

/// Runs and waits for child processes without blocking Swift's cooperative pool.
///
/// The pool has one thread per core (two on CI). A test that blocks one in
/// `waitUntilExit()` or `readDataToEndOfFile()` while another test does the same
/// leaves no thread for async code, such as a capture server running inside the
/// test process, which then stops answering. All blocking happens on GCD threads.
public enum ChildProcesses {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` (a path, or a name looked up in PATH) to completion, both pipes drained.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        in directory: String? = nil,
        environment: [String: String]? = nil,
        input: Data? = nil
    ) async throws -> Output {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            DispatchQueue.global().async {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        async let stdout = drain(out)
        async let stderr = drain(err)
        let (outData, errData) = await (stdout, stderr)
        await waitForExit(process)
        return Output(status: process.terminationStatus, stdout: outData, stderr: errData)
    }

    /// Reads a pipe to its end on a GCD thread.
    public static func drain(_ pipe: Pipe) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
    }

    /// Reads a pipe until its first newline (or its end), on a GCD thread.
    public static func firstLine(_ pipe: Pipe) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var text = ""
                while !text.contains("\n") {
                    let data = pipe.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }
        }
    }

    /// Reads a named pipe (FIFO) until its writer closes it, on a GCD thread: opening
    /// blocks until another process opens it for writing, so this waits for that process.
    public static func drain(path: String) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
                continuation.resume(returning: data)
            }
        }
    }

    /// Waits for a running process to exit, on a GCD thread.
    public static func waitForExit(_ process: Process) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }
}
