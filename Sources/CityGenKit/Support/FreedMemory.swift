#if canImport(Glibc)
    import Glibc
#endif

/// How glibc's malloc returns freed memory to the system, set for each part of a build: by default glibc maps a
/// large block on its own only until the first such block is freed; after that, large arrays land in the threads'
/// arenas and what they free stays resident through the build.
enum FreedMemory {
    /// Blocks of at least this size are mapped on their own; an arena returns free memory above this much at its top.
    static let smallBlockLimit: Int32 = 128 << 10
    /// What an arena may keep free at its top during the render: a page's buffers, freed, serve the next page.
    static let renderReserve: Int32 = 32 << 20

    /// For the plan's steps: large blocks are mappings of their own; arenas return what their top frees.
    static func returnPromptly() {
        set(option: mmapThreshold, to: smallBlockLimit)
        set(option: trimThreshold, to: smallBlockLimit)
    }

    /// For the render: arenas keep what pages free for the pages that follow.
    static func keepForReuse() {
        set(option: trimThreshold, to: renderReserve)
    }

    /// Returns the free pages of every arena to the system.
    static func release() {
        typealias Trim = @convention(c) (Int) -> Int32
        _ = glibcFunction("malloc_trim", as: Trim.self)?(0)
    }

    // M_TRIM_THRESHOLD and M_MMAP_THRESHOLD in <malloc.h>.
    private static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3

    private static func set(option: Int32, to value: Int32) {
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        _ = glibcFunction("mallopt", as: Option.self)?(option, value)
    }

    /// `malloc_trim` and `mallopt` are glibc's own: looked up, so that other C libraries just skip them.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Glibc)
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
        #else
            nil
        #endif
    }
}
