// telltale-services-probe: not shipped; a harness around ServiceSupervisor.
//
//   telltale-services-probe hold LOGDIR EXECUTABLE [ARGS...]
//       starts EXECUTABLE as an HTTP service (readiness GET /health), prints
//       "service pid N" once it is ready, then runs until killed: the orphan
//       test kills this process with SIGKILL and checks the service died too.
//   telltale-services-probe bench LOGDIR RUNS FIXTURE
//       starts the fixture RUNS times per readiness kind and prints, for each,
//       p50/p99/max of the time from its "listening" line (monotonic clock,
//       printed by the fixture) to readiness detected by the supervisor.
import Foundation
import TelltaleServices

@main
struct Probe {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 3 else {
            FileHandle.standardError.write(Data("usage: telltale-services-probe hold|bench LOGDIR ...\n".utf8))
            exit(64)
        }
        let context = ServiceContext(runDirectory: arguments[1], logDirectory: arguments[1])
        switch arguments[0] {
        case "hold":
            try await hold(command: Array(arguments[2...]), context: context)
        case "bench":
            try await bench(runs: Int(arguments[2]) ?? 50, fixture: arguments[3], context: context)
        default:
            exit(64)
        }
    }

    static func hold(command: [String], context: ServiceContext) async throws {
        let spec = ServiceSpec(name: "held", command: command, readiness: ReadinessCheck(probe: .http(path: "/health", status: 200)))
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            // Written straight to the pipe: a buffered print could sit unread until exit.
            FileHandle.standardOutput.write(Data("service pid \(await supervisor.pid ?? 0)\n".utf8))
            try await Task.sleep(for: .seconds(3600))
        }
    }

    static func bench(runs: Int, fixture: String, context: ServiceContext) async throws {
        let kinds: [(String, [String], ServicePort, ReadinessCheck.Probe)] = [
            ("http", ["--http"], .auto, .http(path: "/health", status: 200)),
            ("tcp", ["--tcp"], .auto, .tcp),
            ("log", ["--log"], .none, .log(pattern: "listening on")),
        ]
        for (name, flags, port, probe) in kinds {
            var samples: [Double] = []
            for _ in 0..<runs {
                // A short delay so the probe is already polling, as with a real backend's startup.
                let spec = ServiceSpec(
                    name: "bench-\(name)", command: [fixture] + flags + ["--ready-after", "0.05"], port: port,
                    readiness: ReadinessCheck(probe: probe, timeout: .seconds(10)), gracePeriod: .seconds(1)
                )
                let latency = try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
                    let detected = monotonicNanoseconds()
                    let lines = await supervisor.lastLines()
                    guard let line = lines.first(where: { $0.contains("listening on") }),
                        let match = line.firstMatch(of: /monotonic (\d+)/), let printed = Int64(match.1)
                    else { return Double.nan }
                    return Double(detected - printed) / 1e6
                }
                if !latency.isNaN { samples.append(latency) }
            }
            samples.sort()
            func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
            func ms(_ value: Double) -> String { String((value * 100).rounded() / 100) + " ms" }
            print(
                "\(name) readiness: \(samples.count) runs, from the listening line to ready: "
                    + "p50 \(ms(percentile(0.5))), p99 \(ms(percentile(0.99))), max \(ms(samples.last ?? .nan))")
        }
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
