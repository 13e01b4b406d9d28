import Foundation

extension SourceLoader {
    /// A remote file as read through the cache: where its bytes are now, and what the user should know about them.
    struct CachedFile {
        /// The cached body; or, when a good download could not be cached, the download itself (`isTemporary`).
        let file: URL
        let origin: String
        let kind: LoadedSource.Kind
        let fetchedAt: Date?
        var warnings: [String] = []
        /// Whether `file` is a download outside the cache, which nothing else removes.
        var isTemporary = false
    }

    /// What reading a URL through the cache came to.
    enum CachedRead {
        case file(CachedFile)
        /// Neither the network nor the cache has it (with `allowsFallback` on): why the download failed.
        case unavailable(problem: String)
    }

    /// `url` through the cache (SPEC §1 Download): a fresh copy, else a conditional GET whose body is kept only when
    /// `invalidity` finds nothing wrong with it; when that fails, the cached copy with a warning, or `.unavailable`.
    /// - Throws: with `allowsFallback` off, `CityGenError.invalidDownload` for a body `invalidity` refuses and
    ///   `CityGenError.sourceUnavailable` for any other failure; what `invalidity` throws.
    func read(
        _ url: URL, invalidity: (URL) throws -> String?, log: @Sendable (String) -> Void,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> CachedRead {
        let cached = cache.lookup(url)
        let now = Date()
        if let cached, !refresh, offline || now.timeIntervalSince(cached.entry.fetchedAt) < maximumAge {
            return .file(CachedFile(
                file: cached.body, origin: "\(url.absoluteString) (cached \(Self.describe(cached.entry.fetchedAt)))", kind: .cache,
                fetchedAt: cached.entry.fetchedAt))
        }
        let problem: String
        if offline {
            problem = "--offline and no cached copy"
        } else {
            switch try await download(url, cached: cached, at: now, invalidity: invalidity, log: log, progress: progress) {
            case .file(let file): return .file(file)
            case .unavailable(let reason): problem = reason
            }
        }
        guard allowsFallback else { throw CityGenError.sourceUnavailable(url: url.absoluteString, reason: problem) }
        guard let cached else { return .unavailable(problem: problem) }
        return .file(CachedFile(
            file: cached.body, origin: "\(url.absoluteString) (cached copy)", kind: .cache, fetchedAt: cached.entry.fetchedAt,
            warnings: ["could not download \(url.absoluteString) (\(problem)); using the cached copy from \(Self.describe(cached.entry.fetchedAt))"]))
    }

    /// One (conditional) download of `url`, kept in the cache when `invalidity` passes it.
    private func download(
        _ url: URL, cached: (entry: SourceCache.Entry, body: URL)?, at now: Date, invalidity: (URL) throws -> String?,
        log: @Sendable (String) -> Void, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> CachedRead {
        let outcome: Downloader.Outcome
        do {
            outcome = try await downloader.fetch(
                url, into: cache.folder, etag: refresh ? nil : cached?.entry.etag,
                lastModified: refresh ? nil : cached?.entry.lastModified, log: log, progress: progress)
        } catch let failure as Downloader.Failure {
            return .unavailable(problem: failure.description)
        }
        switch outcome {
        case .notModified:
            guard let cached else { return .unavailable(problem: "the server answered 304 Not Modified, but there is no cached copy") }
            try? cache.touch(cached.entry, for: url, at: now)
            return .file(CachedFile(file: cached.body, origin: "\(url.absoluteString) (not modified; cached copy)", kind: .cache, fetchedAt: now))
        case .downloaded(let file, let etag, let lastModified):
            let invalid: String?
            do {
                invalid = try invalidity(file)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            guard let invalid else { return .file(keep(file, for: url, etag: etag, lastModified: lastModified, at: now)) }
            try? FileManager.default.removeItem(at: file)
            guard allowsFallback else { throw CityGenError.invalidDownload(url: url.absoluteString, reason: invalid) }
            return .unavailable(problem: invalid)
        }
    }

    /// Moves a good download into the cache; when that fails, the download stays where it is, with a warning.
    private func keep(_ file: URL, for url: URL, etag: String?, lastModified: String?, at now: Date) -> CachedFile {
        // The cache only saves a later download: failing to keep it costs this build nothing.
        do {
            try cache.store(file, for: url, etag: etag, lastModified: lastModified, at: now)
            return CachedFile(file: cache.body(for: url), origin: url.absoluteString, kind: .download, fetchedAt: now)
        } catch {
            // The body may already have been moved when the metadata could not be written: it is then read from
            // there, and a later lookup takes it only if older metadata happens to give its size.
            let moved = !FileManager.default.fileExists(atPath: file.path)
            return CachedFile(
                file: moved ? cache.body(for: url) : file, origin: url.absoluteString, kind: .download, fetchedAt: now,
                warnings: ["the download could not be cached (\(error)); the next build downloads again"], isTemporary: !moved)
        }
    }
}
