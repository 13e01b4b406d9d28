/// Every failure that ends a citygen command: each case carries what went wrong and where, and maps to its
/// documented exit status (`exitStatus`).
public enum CityGenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option's value is out of its range.
    case invalidOption(name: String, reason: String)
    /// The source is not JSON at all: a syntax error at a position.
    case malformedJSON(source: String, JSONSyntaxError)
    /// The source is JSON or gzip, but not a city list (top level not an array, corrupt gzip, not UTF-8).
    case notACityList(source: String, reason: String)
    /// A record broke a rule of SPEC §1 and `--strict` was given.
    case invalidRecord(source: String, SkippedRecord)
    /// A GeoNames file (SPEC §1b) is not the table it should be: `found` says what it is instead.
    case notATable(file: String, expected: String, found: String)
    /// A line of a GeoNames file broke a rule of SPEC §1b and `--strict` was given.
    case invalidLine(SkippedLine)
    /// A download answered with something that is not a city list, and no fallback was allowed.
    case invalidDownload(url: String, reason: String)
    /// The config file (or an option with the same meaning) is wrong: `item` names the key or entry.
    case invalidConfig(file: String, item: String?, reason: String)
    /// Favorites that match no city, or several: one line per problem item.
    case unresolvedFavorites([String])
    /// A template does not parse.
    case invalidTemplate(name: String, reason: String)
    /// A built search index file is not one citygen can read.
    case invalidIndex(file: String, reason: String)
    /// An input file or folder does not exist or cannot be read: `what` says which input it is.
    case missingInput(what: String, path: String, reason: String?)
    /// The source could not be downloaded and nothing could stand in for it.
    case sourceUnavailable(url: String, reason: String)
    /// The output folder may not be written (refused) or cannot be created.
    case outputRefused(path: String, reason: String)
    /// A file cannot be written.
    case writeFailed(path: String, reason: String)
    /// The output's file system has less room than the build needs (estimated before the first file is written).
    case noSpace(path: String, needed: Space, available: Space, abandoned: [String])
    /// Two files of the planned site have one path (`first` and `second` name their routes).
    case pathCollision(path: String, first: String, second: String)
    /// The planned site does not fit the host it is built for (`reason` says by how much, and what would fit).
    case doesNotFit(host: String, reason: String)
    /// Another build holds the output folder's lock (`pid`, when the system says which process).
    case outputLocked(path: String, pid: Int?)
    /// Places of 15,000 people or more that no typo bucket holds (SPEC §4c's reach), with `--strict`.
    case unreachedPlaces(language: String, count: Int, first: [String])

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidOption: .usage
        case .malformedJSON, .notACityList, .invalidRecord, .notATable, .invalidLine, .invalidDownload, .invalidConfig,
            .unresolvedFavorites, .invalidTemplate, .invalidIndex, .pathCollision, .unreachedPlaces:
            .badData
        case .missingInput: .missingInput
        case .sourceUnavailable: .sourceUnavailable
        case .outputRefused: .cannotCreateOutput
        case .writeFailed, .noSpace: .outputIOError
        case .outputLocked: .locked
        case .doesNotFit: .notFound
        }
    }

    public var exitCode: Int32 { exitStatus.rawValue }

    public var description: String {
        switch self {
        case .invalidOption(let name, let reason): "\(name) \(reason)"
        case .malformedJSON(let source, let error): "\(source): malformed JSON: \(error)"
        case .notACityList(let source, let reason): "\(source): \(reason)"
        case .invalidRecord(let source, let record): "\(source): \(record) (--strict makes this fatal)"
        case .notATable(let file, let expected, let found): "\(file): expected \(expected), found \(found)"
        case .invalidLine(let line): "\(line) (--strict makes this fatal)"
        case .invalidDownload(let url, let reason): "\(url): \(reason)"
        case .invalidConfig(let file, let item, let reason):
            file.isEmpty ? reason : item.map { "\(file): \($0): \(reason)" } ?? "\(file): \(reason)"
        case .unresolvedFavorites(let problems): problems.joined(separator: "\n")
        case .invalidTemplate(let name, let reason): "template \(name): \(reason)"
        case .invalidIndex(let file, let reason): "\(file): \(reason)"
        case .missingInput(let what, let path, let reason):
            reason.map { "\(what) \(path) cannot be read: \($0)" } ?? "\(what) \(path) does not exist"
        case .sourceUnavailable(let url, let reason): url.isEmpty ? reason : "could not download \(url): \(reason)"
        case .outputRefused(_, let reason): reason
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        case .noSpace(let path, let needed, let available, let abandoned):
            "not enough space for the site in \(path): the build needs about \(needed), the file system has \(available) free"
                + (abandoned.isEmpty ? "" : "; builds that did not finish left \(abandoned.joined(separator: ", ")) beside it, which no build is writing: removing them frees their room")
        case .doesNotFit(let host, let reason): "the site does not fit \(host): \(reason)"
        case .pathCollision(let path, let first, let second):
            "two files of the site would be written to \(path): \(first) and \(second); nothing was written"
        case .unreachedPlaces(let language, let count, let first):
            "\(Digits.grouped(count)) places of 15,000 people or more are beyond the typo search's reach in \(language) "
                + "(no typo bucket holds them): \(first.joined(separator: ", "))\(count > first.count ? ", …" : "")"
        case .outputLocked(let path, let pid):
            "another citygen build\(pid.map { " (pid \($0))" } ?? "") is writing \(path); wait for it, or pass --wait"
        }
    }
}

extension CityGenError {
    /// Room on a file system: bytes and files (inodes).
    public struct Space: Sendable, Equatable, CustomStringConvertible {
        public var bytes: Int
        public var files: Int

        public var description: String {
            let megabytes = Double(bytes) / 1_048_576
            let size = megabytes >= 10 ? "\(Int(megabytes.rounded())) MiB" : "\(Digits.oneDecimal(megabytes)) MiB"
            return files == Int.max ? size : "\(size) and \(Digits.grouped(files)) files"
        }
    }
}
