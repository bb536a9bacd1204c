import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct PlanServicesTests {
    static let demo = """
        version: 1
        services:
          db:
            command: [./db, --port, "{port}"]
            ready: { tcp: true, timeout: 5s }
          backend:
            build: [swift, build, --product, demo-backend]
            command: [.build/debug/demo-backend, --run-mode=test]
            env: { DATABASE_PATH: "{run_dir}/shop_test.sqlite", DB_URL: "{service.db.url}", WORKER: "{worker}" }
            port: auto
            cwd: Examples/DemoShop
            dependsOn: [db]
            ready: { http: /health, status: 204, timeout: 30s }
            scope: worker
            testMode: { reset: /reset, teardown: /check }
            database: "{run_dir}/shop_test.sqlite"
            onCrash: restart
          logger:
            command: ./logger
            port: 9000
            ready: { log: 'listening on \\d+' }
            testMode: true
            database: postgres://localhost/prod
            allowNonTestDatabase: true
        """

    @Test(.tags(.small)) func parsesEveryServiceKey() throws {
        let plan = try PlanLoader().parse(yaml: Self.demo, file: "plan.yml")
        #expect(plan.services.map(\.name) == ["db", "backend", "logger"])
        #expect(
            plan.services[0]
                == PlanService(
                    name: "db", command: ["./db", "--port", "{port}"], ready: PlanReadiness(probe: .tcp, timeout: .seconds(5))
                ))
        #expect(
            plan.services[1]
                == PlanService(
                    name: "backend",
                    build: ["swift", "build", "--product", "demo-backend"],
                    command: [".build/debug/demo-backend", "--run-mode=test"],
                    env: ["DATABASE_PATH": "{run_dir}/shop_test.sqlite", "DB_URL": "{service.db.url}", "WORKER": "{worker}"],
                    port: .auto, cwd: "Examples/DemoShop", dependsOn: ["db"],
                    ready: PlanReadiness(probe: .http(path: "/health", status: 204), timeout: .seconds(30)),
                    scope: .worker,
                    testMode: PlanTestMode(reset: "/reset", setup: "/tests/setup", teardown: "/check"),
                    database: "{run_dir}/shop_test.sqlite", onCrash: .restart
                ))
        #expect(
            plan.services[2]
                == PlanService(
                    name: "logger", command: ["./logger"], port: .number(9000),
                    ready: PlanReadiness(probe: .log(#"listening on \d+"#)), testMode: PlanTestMode(),
                    database: "postgres://localhost/prod", allowNonTestDatabase: true
                ))
    }

    @Test(.tags(.small)) func defaultsAreAutoPortTCPRunScopeAndStop() throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\nservices:\n  api: { command: [./api] }\n", file: "p.yml")
        #expect(plan.services == [PlanService(name: "api", command: ["./api"])])
        #expect(plan.services[0].port == .auto && plan.services[0].scope == .run && plan.services[0].onCrash == .stop)
        #expect(plan.services[0].ready == PlanReadiness(probe: .tcp, timeout: .seconds(30)))
        #expect(plan.services[0].testMode == nil)
    }

    @Test(.tags(.small)) func printedServicesParseBackEqual() throws {
        let plan = try PlanLoader().parse(yaml: Self.demo, file: "plan.yml")
        let printed = PlanPrinter.yaml(plan)
        #expect(printed.contains("services:\n  db:\n    build: ~\n"))
        #expect(try PlanLoader().parse(yaml: printed, file: "plan.yml") == plan)
    }

    @Test(.tags(.small)) func everyBadValueIsReportedWhereItIs() {
        let found = problems(
            in: """
                version: 1
                services:
                  api:
                    command: ./api --test
                    port: 70000
                    scope: shard
                    onCrash: retry
                    ready: { http: health, tcp: true }
                    testMode: { reset: tests/reset, wipe: /x }
                    allowNonTestDatabase: sure
                    colour: red
                  worker:
                    env: { A: [1] }
                    ready: { log: "(unclosed", status: 200 }
                  "":
                    command: [x]
                  cron: [a, b]
                """)
        expectProblems(
            found,
            [
                .init(4, 14, "services.api.command", "expected a list of arguments, found the command line './api --test'"),
                .init(5, 11, "services.api.port", "expected `auto` or a port number from 1 to 65535"),
                .init(6, 12, "services.api.scope", "expected one of `worker`, `run`, found 'shard'"),
                .init(7, 14, "services.api.onCrash", "expected one of `restart`, `stop`, found 'retry'"),
                .init(8, 20, "services.api.ready.http", "expected a path starting with `/`, found 'health'"),
                .init(8, 28, "services.api.ready.tcp", "exactly one of `http`, `tcp` or `log`, found `http` and `tcp`"),
                .init(9, 24, "services.api.testMode.reset", "expected a path starting with `/`"),
                .init(9, 37, "services.api.testMode.wipe", "unknown key `wipe`"),
                .init(10, 27, "services.api.allowNonTestDatabase", "expected true or false"),
                .init(11, 5, "services.api.colour", "unknown key `colour`"),
                .init(13, 5, "services.worker.command", "service `worker` has no `command`"),
                .init(13, 15, "services.worker.env.A", "expected a string"),
                .init(14, 19, "services.worker.ready.log", "'(unclosed' is not a valid regular expression"),
                .init(14, 40, "services.worker.ready.status", "`status` only goes with `http`"),
                .init(15, 3, "services", "a service needs a name"),
                .init(17, 9, "services.cron", "expected a service"),
            ])
        #expect(found.allSatisfy { $0.hint != nil })
        #expect(found[0].hint == "Telltale runs no shell; write `[./api, --test]`")
    }

    @Test(.tags(.small)) func unknownDependencyAndCyclesAreProblems() {
        let found = problems(
            in: """
                version: 1
                services:
                  a: { command: [a], dependsOn: [b] }
                  b: { command: [b], dependsOn: [c] }
                  c: { command: [c], dependsOn: [a, backnd] }
                  backend: { command: [d], dependsOn: [backend] }
                """)
        expectProblems(
            found,
            [
                .init(3, 34, "services.a.dependsOn", "`dependsOn` forms a cycle: a → b → c → a"),
                .init(5, 37, "services.c.dependsOn[1]", "`backnd` is not a service of this plan"),
                .init(6, 40, "services.backend.dependsOn", "`dependsOn` forms a cycle: backend → backend"),
            ])
        #expect(found[1].hint == "did you mean `backend`?")
    }

    @Test(.tags(.small)) func testModeFalseMeansNone() throws {
        let plan = try PlanLoader().parse(
            yaml: "version: 1\nservices:\n  api: { command: [./api], testMode: false }\n", file: "p.yml"
        )
        #expect(plan.services[0].testMode == nil)
    }
}
