import Foundation

/// Tests only (`BuildOptions.failingWrite`): the `n`th file a build writes, into a folder or an archive, fails as
/// on a full disk, so that tests can show what a failure in the middle leaves.
struct InjectedWriteFailure: Sendable {
    /// The failing file, counted from 1; nil for none.
    let file: Int?

    /// Throws a full disk's error for `path` when `count` (files written so far, this one included) is the failing file.
    func check(_ count: Int, path: String) throws {
        if let file, count == file { throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(ENOSPC))) }
    }
}
