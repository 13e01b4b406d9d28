import Foundation

extension SourceLoader {
    /// What a command line says about downloading the source: nil, or false, where it says nothing.
    public struct Flags: Sendable, Equatable {
        /// The download cache's folder.
        public var cacheDir: String?
        /// Hours a cached download is used without asking the server.
        public var maxAgeHours: Double?
        /// Seconds the download may take in all, retries included.
        public var timeout: Double?
        /// Download even when the cached copy is fresh.
        public var refresh = false
        /// Never use the network.
        public var offline = false
        /// Fail instead of falling back to the cache or the bundled snapshot.
        public var noFallback = false

        public init(
            cacheDir: String? = nil, maxAgeHours: Double? = nil, timeout: Double? = nil, refresh: Bool = false, offline: Bool = false,
            noFallback: Bool = false
        ) {
            self.cacheDir = cacheDir
            self.maxAgeHours = maxAgeHours
            self.timeout = timeout
            self.refresh = refresh
            self.offline = offline
            self.noFallback = noFallback
        }
    }

    /// This loader with what `flags` say in place of its own settings.
    public mutating func apply(_ flags: Flags) {
        if let cacheDir = flags.cacheDir { cache = SourceCache(folder: URL(fileURLWithPath: cacheDir)) }
        if let hours = flags.maxAgeHours { maximumAge = hours * 3600 }
        if let timeout = flags.timeout { downloader.policy.timeout = timeout }
        if flags.refresh { refresh = true }
        if flags.offline { offline = true }
        if flags.noFallback { allowsFallback = false }
    }
}
