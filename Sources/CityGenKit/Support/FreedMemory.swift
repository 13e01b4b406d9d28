#if canImport(Glibc)
    import Glibc
#endif

/// Gives the memory that a finished step freed back to the system. glibc's malloc keeps freed small blocks for
/// reuse, so what decoding and sorting allocate for a moment (a record per city, strings) would otherwise stay
/// resident through the build.
enum FreedMemory {
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
