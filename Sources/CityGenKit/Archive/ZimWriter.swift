import Foundation
import ZimBridge

/// Writes a built site into one ZIM file for Kiwix through libzim (docs/design.md, "Archives and ZIM"): every HTML
/// page a front article titled as `Page.Metadata` says, the main page the main entry, the not-found page no article.
/// Streamed, written beside the destination and renamed over it; the UUID is derived from the entries.
final class ZimWriter: SiteArchive {
    let destination: URL
    private let temporary: URL
    private var writer: OpaquePointer?
    private let digest = SHA256Digest()
    private(set) var entries = 0
    private(set) var bytes = 0
    /// A bridge call failed: libzim's threads may have ended, so the Creator cannot be freed.
    private var libzimFailed = false

    /// `mainPath` is the entry Kiwix opens first (the home page).
    init(destination: URL, metadata: ZimMetadata, mainPath: String, workers: Int) throws {
        self.destination = destination
        temporary = Self.temporaryFile(for: destination)
        var message = [CChar](repeating: 0, count: 512)
        guard let writer = zim_bridge_create(temporary.path, metadata.language, UInt32(workers), &message, message.count) else {
            throw CityGenError.writeFailed(path: destination.path, reason: Self.text(message))
        }
        self.writer = writer
        zim_bridge_set_main_path(writer, mainPath)
        do {
            for (name, value) in metadata.texts {
                try call { zim_bridge_add_metadata(writer, name, value, value.utf8.count, "text/plain;charset=utf-8", $0, $1) }
            }
            try metadata.illustration.withUnsafeBytes { png in
                try call { zim_bridge_add_illustration(writer, 48, png.baseAddress, png.count, $0, $1) }
            }
        } catch {
            abandon()
            throw error
        }
    }

    func add(_ file: SiteFiles.File) throws {
        guard let writer else { return }
        if entries % 256 == 0 { try checkSpace() }
        let path = file.path, contents = file.bytes
        // A page titled and indexed is an HTML page a reader opens: not a data file, not the page not found.
        let page = file.page.flatMap { path.hasSuffix(".html") && $0.role != .data ? $0 : nil }
        let type = path.hasSuffix(".html") ? "text/html" : ServePath.contentType(for: path).replacingOccurrences(of: "; ", with: ";")
        let title = page?.title ?? ""
        let article = page.map { $0.role != .notFound } ?? false
        let indexText = article ? title + ". " + (page?.description ?? "") : nil
        let compress = !path.hasSuffix(".png")
        digest.update(bytes: Array(path.utf8) + [0])
        try contents.withUnsafeBytes { data in
            digest.update(bytes: data)
            try call { zim_bridge_add(writer, path, title, type, data.baseAddress, data.count, article ? 1 : 0, compress ? 1 : 0, indexText, $0, $1) }
        }
        entries += 1
        bytes += contents.count
    }

    func finish() throws {
        guard let writer else { return }
        // A name-based UUID (RFC 9562 version 8 layout) from the SHA-256 of every entry's path and bytes.
        var uuid = Array(digest.finalize().prefix(16))
        uuid[6] = (uuid[6] & 0x0F) | 0x80
        uuid[8] = (uuid[8] & 0x3F) | 0x80
        zim_bridge_set_uuid(writer, uuid)
        do {
            try call { zim_bridge_finish(writer, $0, $1) }
            zim_bridge_free(writer)
            self.writer = nil
            guard rename(temporary.path, destination.path) == 0 else { throw CityGenError.writeFailed(path: destination.path, reason: String(cString: strerror(errno))) }
        } catch {
            abandon()
            throw error
        }
    }

    func abandon() {
        // A healthy Creator is freed, which lets its threads end their queued work and joins them, so that none
        // writes after the files are deleted. One that failed is left as it is: its destructor would wait on
        // threads the error has ended, or throw (which ends the process).
        if let writer, !libzimFailed { zim_bridge_free(writer) }
        writer = nil
        // libzim writes `NAME.tmp` and its indexes in `NAME_*.idx.tmp` folders beside NAME until it finishes.
        for suffix in ["", ".tmp", "_fulltext.idx.tmp", "_title.idx.tmp"] {
            try? FileManager.default.removeItem(atPath: temporary.path + suffix)
        }
    }

    /// Free space the file system must keep while entries are added. libzim 8 does not survive a full disk in the
    /// middle of a file (its workers end on the write error while the adding thread waits for them), so the build
    /// stops before that; at the end a full disk is an error libzim reports.
    static let spaceMargin = 16 << 20

    private func checkSpace() throws {
        var status = statvfs()
        guard statvfs(temporary.deletingLastPathComponent().path, &status) == 0 else { return }
        let free = Int(status.f_bavail) * Int(status.f_frsize)
        guard free >= Self.spaceMargin else {
            throw CityGenError.writeFailed(
                path: destination.path,
                reason: "No space left on device: \(free >> 20) MiB free, and a .zim is stopped below \(Self.spaceMargin >> 20) MiB")
        }
    }

    /// Runs one bridge call, turning its failure into `CityGenError.writeFailed` with libzim's message.
    private func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard status == 0 else {
            libzimFailed = true
            throw CityGenError.writeFailed(path: destination.path, reason: Self.text(message))
        }
    }

    /// The NUL-terminated message a bridge call wrote.
    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
