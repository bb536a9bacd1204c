import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

extension PostgresWorkQueue {
    /// Reserves the next units for one of this machine's workers, to run in one test process;
    /// none when no unit is open to it now. Each unit is leased on its own (one token for the
    /// reservation), so a lapsed machine's units are taken over one by one and each is
    /// acknowledged on its own.
    ///
    /// Retries first, then the longest; a lapsed lease (not renewed in time) is open to every
    /// machine, and its taking is noted. A retry avoids the machine that failed it while another
    /// machine of the build is alive (seen within a lease, its run not ended; for `retryGrace`
    /// seconds when one is set).
    ///
    /// How many: guided self-scheduling over the fleet, as the run's own queue batches
    /// (`WorkQueue`): without past durations a share of the open units, `open units / (2 × the
    /// fleet's workers)`; with them, a share of the open expected seconds, and at least 20
    /// process start-ups' worth (`minimumShareSeconds`) but no more than an even part of the
    /// open seconds for each worker without a reservation in progress (a live lease token),
    /// whatever the units' count; at least one unit. (With durations the count once capped it
    /// too: on a real suite of short XCTest classes three machines started 50 test processes
    /// where three static shards started 17. The floor alone then left one machine the last
    /// 0.4 s of expected work while the others waited: with a CPU budget per machine, as on
    /// separate hosts, 1.11× the shards' time.) Early reservations are big (few test processes
    /// to start), the last ones a unit each
    /// (machines finish together, a slow one holds little). The fleet's workers are the live
    /// machines' (seen within a lease), with those of machines that arrived within a lease and
    /// are still building or listing (`Arrival`), this machine's at least: the machines actually
    /// there. (It
    /// once assumed four machines until more joined, so a machine alone took a sixteenth at a
    /// time and started six times the test processes of a plain run; a machine that joins late
    /// finds the shares already shrunk, and the last ones are a unit each, so it still finishes
    /// with the others.) A retry or a plan's serial suite is reserved alone; the units of one
    /// reservation share a framework.
    ///
    /// One statement, one round trip: the reservation, its notes and this machine's `last_seen`.
    package func reserve() async throws(PostgresConnectionError) -> [SharedWorkUnit] {
        let token = Int64.random(in: 1...Int64.max)
        let lapsed = "'s lease held by "
        let tookOver = " lapsed (not renewed within \(Self.seconds(leaseSeconds))); \(machine) took it over"
        return try await statement { connection in
            let rows = try await connection.query(
                """
                WITH fleet AS (
                    SELECT GREATEST(\(max(1, workers)),
                        COALESCE((SELECT sum(workers) FROM telltale.queue_machine
                                  WHERE build_id = \(build)
                                    AND (machine = \(machine) OR last_seen > now() - make_interval(secs => \(leaseSeconds)))), 0)
                        + COALESCE((SELECT sum(a.workers) FROM telltale.queue_arrival a
                                    WHERE a.build_id = \(build) AND a.arrived_at > now() - make_interval(secs => \(leaseSeconds))
                                      AND NOT EXISTS (SELECT 1 FROM telltale.queue_machine m
                                                      WHERE m.build_id = a.build_id AND m.machine = a.machine)), 0)) AS workers
                ),
                open AS (
                    SELECT count(*) AS units, COALESCE(sum(estimated_seconds), 0) AS seconds FROM telltale.queue_unit
                    WHERE build_id = \(build) AND (state = 'pending' OR (state = 'leased' AND lease_expires_at < now()))
                ),
                busy AS (
                    SELECT count(DISTINCT lease_token) AS reservations FROM telltale.queue_unit
                    WHERE build_id = \(build) AND state = 'leased' AND lease_expires_at >= now()
                ),
                share AS (
                    SELECT CASE WHEN open.seconds > 0
                                THEN GREATEST(open.seconds / (2 * fleet.workers),
                                              LEAST(\(minimumShareSeconds), open.seconds / GREATEST(1, fleet.workers - busy.reservations)))
                           END AS seconds,
                           GREATEST(1, ceil(open.units / (2.0 * fleet.workers)))::bigint AS units
                    FROM open, fleet, busy
                ),
                fits AS (
                    SELECT count(*) AS units FROM (
                        SELECT sum(estimated_seconds) OVER (
                                   ORDER BY avoid_machine IS NOT DISTINCT FROM \(machine), attempt DESC, estimated_seconds DESC, id) AS running
                        FROM telltale.queue_unit
                        WHERE build_id = \(build) AND (state = 'pending' OR (state = 'leased' AND lease_expires_at < now()))
                    ) ordered, share
                    WHERE ordered.running <= share.seconds
                ),
                candidate AS (
                    SELECT id, framework, serial, attempt, estimated_seconds, state AS previous_state, lease_holder AS previous_holder,
                           avoid_machine IS NOT DISTINCT FROM \(machine) AS avoided
                    FROM telltale.queue_unit
                    WHERE build_id = \(build)
                      AND (state = 'pending' OR (state = 'leased' AND lease_expires_at < now()))
                      AND (avoid_machine IS DISTINCT FROM \(machine)
                           OR queued_at < now() - make_interval(secs => \(retryGrace))
                           OR NOT EXISTS (SELECT 1 FROM telltale.queue_machine m
                                          WHERE m.build_id = \(build) AND m.machine <> \(machine) AND m.finished_at IS NULL
                                            AND m.last_seen > now() - make_interval(secs => \(leaseSeconds))))
                    ORDER BY avoided, attempt DESC, estimated_seconds DESC, id
                    LIMIT (SELECT CASE WHEN share.seconds IS NULL THEN share.units ELSE GREATEST(1, fits.units) END FROM share, fits)
                    FOR UPDATE SKIP LOCKED
                ),
                ranked AS (
                    SELECT candidate.*, row_number() OVER w AS position, sum(estimated_seconds) OVER w AS running,
                           first_value(framework) OVER w AS head_framework, first_value(serial OR attempt > 1) OVER w AS head_alone
                    FROM candidate WINDOW w AS (ORDER BY avoided, attempt DESC, estimated_seconds DESC, id)
                ),
                chosen AS (
                    SELECT ranked.* FROM ranked, share
                    WHERE position = 1
                       OR (NOT head_alone AND NOT serial AND attempt = 1 AND framework = head_framework
                           AND (share.seconds IS NULL OR running <= share.seconds))
                ),
                taken AS (
                    UPDATE telltale.queue_unit u
                    SET state = 'leased', lease_holder = \(machine), lease_token = \(token),
                        lease_expires_at = now() + make_interval(secs => \(leaseSeconds))
                    FROM chosen WHERE u.build_id = \(build) AND u.id = chosen.id
                    RETURNING u.id, u.framework, u.tests, u.serial, u.attempt, chosen.previous_state, chosen.previous_holder, chosen.position
                ),
                noted AS (
                    INSERT INTO telltale.queue_note (build_id, machine, text)
                    SELECT \(build), \(machine), 'unit ' || id || \(lapsed) || COALESCE(previous_holder, '?') || \(tookOver)
                    FROM taken WHERE previous_state = 'leased'
                ),
                seen AS (UPDATE telltale.queue_machine SET last_seen = now() WHERE build_id = \(build) AND machine = \(machine))
                SELECT id, framework, tests, serial, attempt FROM taken ORDER BY position
                """, logger: Self.quiet)
            var reserved: [SharedWorkUnit] = []
            for try await (id, framework, tests, serial, attempt) in rows.decode((Int, String, String, Bool, Int).self) {
                reserved.append(
                    SharedWorkUnit(
                        id: id, framework: TestFramework(rawValue: framework) ?? .xctest,
                        tests: tests.split(separator: "\n").map { TestID(String($0)) }, serial: serial, attempt: attempt, lease: token))
            }
            return reserved
        }
    }
}
