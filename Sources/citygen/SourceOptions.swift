import ArgumentParser
import CityGenKit
import Foundation

/// Where the data comes from and how it is downloaded and cached: shared by `build` and `fetch`.
struct SourceOptions: ParsableArguments {
    @Option(help: "A URL (http/https) or a local .json or .json.gz file. (default: the OpenWeatherMap list)")
    var source: String?

    @Option(help: "The download cache. (default: $XDG_CACHE_HOME/citygen or ~/.cache/citygen)")
    var cacheDir: String?

    @Option(help: "Hours a cached download is used without asking the server. (default: \(SourceLoader.Defaults.maximumAgeHours))")
    var maxAge: Double?

    @Option(help: ArgumentHelp(
        "Seconds the download may take in all, retries included, before the fallback. (default: \(Int(Downloader.Policy.Defaults.timeout)))",
        discussion: SourceOptions.abandonedAttempt))
    var timeout: Double?

    @Flag(help: "Download even when the cached copy is fresh.")
    var refresh = false

    @Flag(help: "Never use the network: the cached copy, else the bundled snapshot.")
    var offline = false

    @Flag(help: "Fail (exit \(ExitStatus.sourceUnavailable.rawValue)) instead of falling back to the cache or the bundled snapshot when the download fails.")
    var noFallback = false

    /// When the downloader gives up on an attempt, in the words of its default policy.
    private static var abandonedAttempt: String {
        let policy = Downloader.Policy()
        let speed = policy.lowSpeedLimit % 1024 == 0 ? "\(policy.lowSpeedLimit / 1024) KiB/s" : "\(policy.lowSpeedLimit) bytes/s"
        return "An attempt that receives less than \(speed) for \(Int(policy.lowSpeedTime)) s is abandoned and retried (\(policy.attempts) attempts)."
    }

    func validate() throws {
        if let maxAge, maxAge < 0 { throw ValidationError("--max-age must not be negative.") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be a number of seconds above 0.") }
        if refresh, offline { throw ValidationError("--refresh and --offline contradict each other.") }
    }

    /// What the flags say about downloading, for `SourceLoader.apply`.
    var loaderFlags: SourceLoader.Flags {
        SourceLoader.Flags(cacheDir: cacheDir, maxAgeHours: maxAge, timeout: timeout, refresh: refresh, offline: offline, noFallback: noFallback)
    }
}
