import CityGenKit
import FlyingFox
import Foundation

/// `citygen serve --watch`: plans the site once, serves it from memory, makes it again on every change of what it
/// was made from (docs/design.md, "The preview"), then reloads every open page, or shows them the error.
actor LivePreview {
    private let flags: BuildOptions.Flags
    private var watching: FileWatcher.Mode
    private let quiet: Bool
    private let started: ContinuousClock.Instant
    private var options: BuildOptions
    private let site: Locked<SiteInMemory>
    private let channel = ReloadChannel()
    private var watcher: FileWatcher?
    private var pending = Set<String>(), working = false

    /// Plans the site of `flags` (over the config file); a failure here ends the command as a build's would.
    init(flags: BuildOptions.Flags, watching: FileWatcher.Mode, quiet: Bool) async throws {
        started = .now
        self.flags = flags
        self.watching = watching
        self.quiet = quiet
        options = try BuildOptions(flags: flags)
        site = Locked(try await Self.service(options, quiet: quiet).planInMemory())
    }

    private static func service(_ options: BuildOptions, quiet: Bool) -> BuildService {
        BuildService(options: options, log: { line in if !quiet { printError(line) } })
    }

    /// Serves on 127.0.0.1:`port` until the process ends.
    func serve(port: UInt16) async throws {
        try watch()
        let server = try HTTPServer.loopback(port: port, handler: PreviewHandler(site: site, channel: channel))
        let (quiet, started, site, channel) = (quiet, started, site, channel)
        Task {
            try await server.waitUntilListening()
            _ = site.withLock { $0 }.file(at: "index.html")
            if !quiet, let address = await server.listeningAddress, case .ip4(_, let port) = address {
                let cities = Digits.grouped(site.withLock { $0.cityCount })
                printError("Serving a live preview at http://127.0.0.1:\(port)/ (\(cities) cities, ready in \(Self.seconds(since: started)))")
            }
        }
        Task { await channel.keepAlive() }
        try await server.run()
    }

    /// Watches what the site is made from: config, templates, strings, and the source and places files when local.
    private func watch() throws {
        watcher?.stop()
        var paths = [flags.config.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: SiteConfig.fileName)]
        paths += [options.templates].compactMap { $0 } + options.strings.values.sorted { $0.path < $1.path }
        var sources = [options.source] + [options.placeNames].compactMap { $0 }
        if case .geoNames(let cities, let admin1, let countries) = options.places { sources += [cities, admin1, countries] }
        for case .file(let path) in sources { paths.append(URL(fileURLWithPath: path)) }
        // A names table found beside a local geoname table, or put there later.
        if options.placeNames == nil, case .geoNames(.file(let table), _, _) = options.places {
            paths += PlacesLoader.namesTables(beside: table).map { URL(fileURLWithPath: $0) }
        }
        let report: @Sendable ([String]) -> Void = { [weak self] changed in Task { await self?.changed(changed) } }
        do {
            watcher = try FileWatcher(paths: paths, mode: watching, onChange: report)
        } catch {
            // A file system without inotify (or no watches left): polling sees the same changes, later.
            printError("warning: \((error as? CityGenError)?.description ?? "\(error)"); polling instead")
            watching = .poll(interval: 0.25)
            watcher = try FileWatcher(paths: paths, mode: watching, onChange: report)
        }
    }

    /// Takes in changed files; one change is made at a time, and those that come meanwhile are made together next.
    private func changed(_ paths: [String]) async {
        pending.formUnion(paths)
        guard !working else { return }
        working = true
        while !pending.isEmpty {
            let batch = pending
            pending = []
            await remake(after: batch)
        }
        working = false
    }

    private func remake(after changed: Set<String>) async {
        let start = ContinuousClock.now
        let names = Set(changed.map { URL(fileURLWithPath: $0).lastPathComponent }).sorted().joined(separator: ", ")
        let templates = options.templates.map { $0.standardizedFileURL.path + "/" }
        let strings = Set(options.strings.values.map(\.standardizedFileURL.path))
        do {
            if changed.allSatisfy({ path in strings.contains(path) || templates.map { path.hasPrefix($0) } == true }) {
                let next = try Self.service(options, quiet: quiet).reloadingWordsAndTemplates(of: site.withLock { $0 })
                site.withLock { $0 = next }
            } else {
                let options = try BuildOptions(flags: flags)
                let next = try await Self.service(options, quiet: quiet).planInMemory()
                site.withLock { $0 = next }
                self.options = options
                try watch()
            }
            let pages = channel.send(.reload)
            if !quiet { printError("\(names) changed: \(pages) open page\(pages == 1 ? "" : "s") reloaded in \(Self.seconds(since: start))") }
        } catch {
            let text = (error as? CityGenError)?.description ?? "\(error)"
            channel.send(.problem("citygen: \(text)\n(the preview shows the site as it was before \(names) changed)"))
            printError("error: \(text) (still serving the site as it was before \(names) changed)")
        }
    }

    /// "41 ms" or "3.1 s".
    private static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : "\(Digits.oneDecimal(milliseconds / 1000)) s"
    }
}
