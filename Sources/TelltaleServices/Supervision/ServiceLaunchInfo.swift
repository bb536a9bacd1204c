/// What this system offers for keeping services from outliving Telltale.
package enum ServiceLaunchInfo {
    /// True when services are started under `setpriv --pdeathsig KILL`, so they
    /// die even when Telltale is killed with SIGKILL. False without util-linux's
    /// `setpriv` (or off Linux): services then stop on Telltale's shutdown,
    /// SIGINT and SIGTERM, but a SIGKILL of Telltale leaves them running.
    package static var parentDeathSignalAvailable: Bool { ServiceLaunch.parentDeathSignalAvailable }
}
