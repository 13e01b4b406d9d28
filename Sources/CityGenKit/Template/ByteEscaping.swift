/// An escaping that works on UTF-8 bytes, for text from the data on every row and link of the site: a text with
/// no byte that needs it (most names) passes through as it is, with no copy.
protocol ByteEscaping {
    /// Whether `byte` makes a text need escaping at all.
    static func needsEscaping(_ byte: UInt8) -> Bool
    /// Appends `bytes`, a text that needs escaping, escaped to `out`.
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8])
}

extension ByteEscaping {
    static func escape(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains(where: needsEscaping) }) else { return text }
        var out = [UInt8]()
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// UTF-8 `bytes` escaped: themselves when nothing needs escaping.
    static func escape(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            guard buffer.contains(where: needsEscaping) else { return bytes }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            appendEscaping(buffer, to: &out)
            return out
        }
    }

    /// Appends `text` escaped like `escape` to `out`, a page being rendered.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &out) }
    }

    /// Appends UTF-8 `bytes` escaped like `escape` to `out`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard bytes.contains(where: needsEscaping) else { return out.append(contentsOf: bytes) }
        appendEscaping(bytes, to: &out)
    }
}
