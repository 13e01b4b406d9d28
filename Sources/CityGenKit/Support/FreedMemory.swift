import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Gives the memory that a finished step freed back to the system. glibc's malloc keeps freed small blocks for
/// reuse, so what decoding and sorting allocate for a moment (a record per city, strings) would otherwise stay
/// resident through the build.
enum FreedMemory {
    /// At most one malloc arena a core. glibc gives threads up to eight arenas a core, and what one arena freed
    /// serves no other: with the plan's steps on threads of their own, that held 30 MiB more at 5× the data.
    static func limitArenas() {
        #if canImport(Glibc)
            // `mallopt` and `M_ARENA_MAX` (-8) are glibc's, not in Swift's Glibc module: looked up, like `malloc_trim`.
            typealias Option = @convention(c) (Int32, Int32) -> Int32
            if let option = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
                _ = unsafeBitCast(option, to: Option.self)(-8, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
            }
        #endif
    }

    static func release() {
        #if canImport(Glibc)
            // `malloc_trim` (glibc only, not in Swift's Glibc module): looked up, so that other C libraries just skip it.
            typealias Trim = @convention(c) (Int) -> Int32
            if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(trim, to: Trim.self)(0)
            }
        #endif
    }
}
