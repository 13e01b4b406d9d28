import Foundation

/// One file that the archive step streams a whole site into, entry by entry in path order, and that appears at its
/// destination only when complete.
protocol SiteArchive: AnyObject {
    /// Entries added so far.
    var entries: Int { get }
    /// Bytes of the entries' contents added so far.
    var bytes: Int { get }
    /// Adds `file` (its path relative, with `/`), and what it says of itself when it is a page.
    func add(_ file: SiteFiles.File) throws
    /// Ends the archive and puts it at its destination.
    func finish() throws
    /// Deletes the unfinished archive; the destination stays as it was.
    func abandon()
}

extension SiteArchive {
    /// Where an archive is written until it is complete: a hidden file beside `destination`, on the same file
    /// system so that the final rename is atomic.
    static func temporaryFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).citygen-\(getpid())")
    }
}
