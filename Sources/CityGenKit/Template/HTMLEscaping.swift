/// Escaping for text that citygen itself places in raw HTML (attributes, `<script type="application/ld+json">`):
/// `& < > " '`, all five ASCII.
enum HTMLEscaping: ByteEscaping {
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) { appendEntities(bytes, where: needsEscaping, to: &out) }

    /// Appends `bytes` to `out` with an entity for each byte that `needs` it.
    static func appendEntities(_ bytes: UnsafeBufferPointer<UInt8>, where needs: (UInt8) -> Bool, to out: inout [UInt8]) {
        // The bytes between two that need escaping are copied in one append (URLs and JSON have many of both).
        var plain = 0
        for (i, byte) in bytes.enumerated() where needs(byte) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
            out += entity(byte)
            plain = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
    }

    /// The entity that stands for one of the five bytes.
    static func entity(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "&"): amp
        case UInt8(ascii: "<"): lt
        case UInt8(ascii: ">"): gt
        case UInt8(ascii: "\""): quot
        default: apos
        }
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)

    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
