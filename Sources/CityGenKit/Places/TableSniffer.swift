/// What the first bytes of a file say it is, when that is plainly not a tab-separated text table: the
/// answer goes into "expected …, found …" messages.
enum TableSniffer {
    /// Zip's local file header and empty-archive signatures.
    static func isZip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    }

    /// "an empty file", "an HTML page", "JSON", "gzip data", "a zip", "binary data", or nil for text that may
    /// be a table. `bytes` is the start of the file (a few KiB is enough).
    static func obstacle(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> String? {
        if bytes.isEmpty { return "an empty file" }
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B { return "gzip data" }
        if isZip(bytes) { return "a zip inside the zip" }
        if bytes.contains(0) || !isUTF8(bytes, atEnd: atEnd) { return "binary data" }
        var start = 0
        // A byte order mark and blank space may come before the first sign of HTML or JSON.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return "only blank lines" }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return "JSON"
        case UInt8(ascii: "<"):
            let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 512)]), as: UTF8.self)
            return head.lowercased().contains("html") ? "an HTML page" : "XML or other markup"
        default: return nil
        }
    }

    /// Whether `bytes` is valid UTF-8; a sequence cut by the end of the buffer is fine unless it is the file's end.
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> Bool {
        var end = bytes.count
        if !atEnd {
            // Back up to the start of the last character, which the buffer may have cut.
            var back = 0
            while back < 3, end - back - 1 >= 0, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
            if end - back - 1 >= 0, bytes[end - back - 1] >= 0xC0 { end = end - back - 1 }
        }
        var iterator = UnsafeBufferPointer(rebasing: bytes[0..<end]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
