import CityGenKit
import Foundation

/// The libFuzzer targets, one per input citygen reads from outside: arbitrary bytes must end in a value or a thrown
/// error, never a crash, a hang or a leak (`scripts/fuzz`, docs/testing.md); built normally, it replays files.
enum FuzzTarget: String, CaseIterable {
    /// The city list: JSON syntax check and decoder.
    case json
    /// `citygen.yml`.
    case config
    /// A built search index as `citygen search` reads it: the manifest's line, then the shard every number reads.
    case index
    /// `citygen serve`'s request path resolution.
    case servePath = "serve-path"
    /// A GeoNames geoname table (or a zip holding one), read and joined to a few cities, and the same bytes
    /// read as the admin-1 and country tables.
    case geonamesTable = "geonames-table"
    /// A GeoNames alternate names table (or a zip holding one), read for Spanish and for Brazilian Portuguese.
    case alternateNames = "alternate-names"
    /// Values (split at NUL bytes) written into each of `ShapeCheck.templates` from a compiled shape and by cmark:
    /// the two must be the same bytes.
    case shapes

    func run(_ data: Data) {
        switch self {
        case .json:
            _ = try? CityDecoder.decode(data, sourceName: "fuzz")
        case .config:
            _ = try? SiteConfig(yaml: String(decoding: data, as: UTF8.self))
        case .index:
            Self.searchIndex(data)
        case .servePath:
            Self.resolve(String(decoding: data, as: UTF8.self))
        case .geonamesTable:
            Self.places(data)
        case .shapes:
            let values = data.split(separator: 0, maxSplits: 5, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            for template in ShapeCheck.templates {
                guard let page = ShapeCheck.render(template, values: values) else { preconditionFailure("a template did not compile") }
                precondition(page.html == page.cmark, "from its shape: \(String(decoding: page.html, as: UTF8.self))\ncmark: \(String(decoding: page.cmark, as: UTF8.self))")
            }
        case .alternateNames:
            for language in ["es", "pt-BR"] {
                guard let names = try? AlternateNames(.bytes(data, name: "fuzz"), language: language, wanted: [1, 2, 2643743]) else { continue }
                names.names.forEach { id, name in
                    precondition([1, 2, 2643743].contains(id), "a name of a place not asked for")
                    precondition(!name.isEmpty, "an empty name")
                }
            }
        }
    }

    /// Cities for the table's rows to join: by id (1, 2), and by name (two Nangis 1.1 km apart, as in the data).
    private static let catalog = CityCatalog([
        City(id: 1, name: "London", country: "GB", latitude: 51.50853, longitude: -0.12574),
        City(id: 2, name: "Paris", country: "FR", latitude: 48.85341, longitude: 2.3488),
        City(id: 3, name: "Nangis", country: "FR", latitude: 48.55535, longitude: 3.01306),
        City(id: 4, name: "Nangis", country: "FR", latitude: 48.5641, longitude: 3.0179),
    ])

    private static let regions = try? Admin1Codes(.bytes(Data("GB.ENG\tEngland\tEngland\t6269131\n".utf8), name: "admin1"))
    private static let countries = try? CountryInfo(
        .bytes(
            Data("GB\tGBR\t826\tUK\tUnited Kingdom\tLondon\t244820\t66488991\tEU\t.uk\tGBP\tPound\t44\t\t\ten-GB\t2635167\tIE\t\n".utf8),
            name: "countries"))

    private static func places(_ data: Data) {
        let input = TableInput.bytes(data, name: "fuzz")
        _ = try? Admin1Codes(input)
        _ = try? CountryInfo(input)
        guard let regions, let countries,
            let places = try? PlaceJoin.join(catalog: catalog, table: input, regions: regions, countries: countries)
        else { return }
        for index in 0..<places.count { _ = places.facts(index) }
        for region in places.regions { precondition(!places.cities(in: region).isEmpty, "a region without its cities") }
    }

    /// A site of its own in a temporary folder, for the index target.
    private static let site: URL = {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: site.appendingPathComponent("search"), withIntermediateDirectories: true)
        return site
    }()

    private static func searchIndex(_ data: Data) {
        let split = data.firstIndex(of: 0x0A) ?? data.endIndex
        let layout = SiteLayout()
        let shard = split < data.endIndex ? data[data.index(after: split)...] : Data()
        // The one shard stands for every file a query may read: prefix, typo (the largest places' and the buckets').
        let files = [(Route.indexManifest(.json), data[..<split]), (.indexFavorites, shard)]
            + (0..<4).flatMap { [(Route.indexShard($0, .json), shard), (.typoShard($0, .json), shard)] }
        for (route, bytes) in files {
            let url = site.appendingPathComponent(layout.path(route))
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? bytes.write(to: url)
        }
        guard let index = try? SearchIndex(site: site, layout: layout) else { return }
        for query in ["", "a", "san", "Zü", "...", "londn", "manchestr"] { _ = try? index.search(query, limit: 60) }
        _ = try? index.favorites(matching: "", limit: 60)
    }

    /// The resolved file must be inside the site root (a folder of this process's own, with one page).
    private static let serveRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-fuzz-serve-\(getpid())/site")
        try? FileManager.default.createDirectory(at: root.appendingPathComponent("list"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("index.html").path, contents: Data("home".utf8))
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("list/1.html").path, contents: Data("list".utf8))
        _ = FileManager.default.createFile(atPath: root.deletingLastPathComponent().appendingPathComponent("secret").path, contents: nil)
        return root
    }()

    /// Deletes the folders the targets made.
    static func removeFolders() {
        try? FileManager.default.removeItem(at: site)
        try? FileManager.default.removeItem(at: serveRoot.deletingLastPathComponent())
    }

    private static func resolve(_ path: String) {
        if let file = ServePath.file(for: path) {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false)
            precondition(!file.hasPrefix("/") && !parts.contains("..") && !parts.contains { $0.hasPrefix(".citygen") }, "escapes: \(file)")
        }
        if let file = ServePath.resolve(path, in: serveRoot) {
            precondition(file.hasPrefix(serveRoot.path + "/"), "outside the site: \(file)")
        }
        // `serve --watch`: what the site in memory answers for the path is one of its files or their precompressed copies.
        if let preview = preview.withLock({ $0 }), let file = ServePath.file(for: path), preview.site.file(at: file) != nil {
            let original = [".gz", ".br"].first { file.hasSuffix($0) }.map { String(file.dropLast($0.count)) } ?? file
            precondition(preview.paths.contains(original), "not a file of the site: \(file)")
        }
    }

    /// A site of four cities planned in memory as `serve --watch` plans it, and its paths; freed before
    /// LeakSanitizer's last look (`prepare`), which cannot follow Swift's tagged enum payload pointers.
    private static let preview = Locked<(site: SiteInMemory, paths: Set<String>)?>(nil)

    /// Makes what the selected target keeps from input to input.
    static func prepare(_ target: FuzzTarget) {
        guard target == .servePath else { return }
        preview.withLock { $0 = planPreview() }
        atexit { FuzzTarget.preview.withLock { $0 = nil } }
    }

    private static func planPreview() -> (site: SiteInMemory, paths: Set<String>)? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-fuzz-preview-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("cities.json")
        let records = catalog.cities.map { "{\"_id\":\($0.id),\"name\":\"\($0.name)\",\"country\":\"\($0.country)\",\"coord\":{\"lat\":\($0.latitude),\"lon\":\($0.longitude)}}" }
        guard (try? Data(("[" + records.joined(separator: ",") + "]").utf8).write(to: source)) != nil else { return nil }
        var options = BuildOptions()
        options.source = .file(source.path)
        options.places = .none
        options.precompress = [.gzip]
        let planned = Locked<SiteInMemory?>(nil), done = DispatchSemaphore(value: 0)
        Task {
            let site = try? await BuildService(options: options).planInMemory()
            planned.withLock { $0 = site }
            done.signal()
        }
        done.wait()
        return planned.withLock { $0 }.map { ($0, Set($0.paths)) }
    }
}

#if FUZZING
    /// The selected target, read once from `CITYGEN_FUZZ_TARGET`.
    private let selected: FuzzTarget = {
        guard let name = ProcessInfo.processInfo.environment["CITYGEN_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name) else {
            fatalError("set CITYGEN_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        selected.run(start.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }

    /// The entry point: SwiftPM links an executable's `main` to `<module>_main`, which hands over to libFuzzer.
    @_cdecl("citygen_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var argc = argc
        var argv = argv
        FuzzTarget.prepare(selected)
        return runDriver(&argc, &argv, fuzzOne)
    }
#else
    /// Replays inputs: `citygen-fuzz TARGET FILE…` runs each file through the target; `citygen-fuzz --list` prints
    /// the targets' names, one a line (the corpus test replays each, so a new target needs a corpus).
    @main
    struct Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments == ["--list"] {
                for target in FuzzTarget.allCases { print(target.rawValue) }
                return
            }
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print("usage: citygen-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE… | --list")
                exit(64)
            }
            FuzzTarget.prepare(target)
            for file in arguments.dropFirst() { target.run(try Data(contentsOf: URL(fileURLWithPath: file))) }
            FuzzTarget.removeFolders()
            print("\(target.rawValue): \(arguments.count - 1) inputs, no crash")
        }
    }
#endif
