import Foundation

/// The 512-byte POSIX ustar header of a regular file: fixed mode 0644, uid/gid 0, no user names, one date.
enum TarHeader {
    static func encode(path: String, size: Int, date: Int) throws -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 512)
        let (prefix, name) = try split(Array(path.utf8), path: path)
        func put(_ bytes: [UInt8], at start: Int) { header.replaceSubrange(start..<start + bytes.count, with: bytes) }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(name, at: 0)
        put(octal(0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)  // uid
        put(octal(0, width: 8), at: 116)  // gid
        put(octal(size, width: 12), at: 124)
        put(octal(date, width: 12), at: 136)
        put(Array("        ".utf8), at: 148)  // the checksum counts itself as spaces
        header[156] = UInt8(ascii: "0")  // a regular file
        put(Array("ustar".utf8) + [0] + Array("00".utf8), at: 257)
        put(octal(0, width: 8), at: 329)  // device numbers
        put(octal(0, width: 8), at: 337)
        put(prefix, at: 345)
        let sum = header.reduce(0) { $0 + Int($1) }
        put(Array((String(repeating: "0", count: max(0, 6 - String(sum, radix: 8).count)) + String(sum, radix: 8)).utf8) + [0, 0x20], at: 148)
        return header
    }

    /// ustar keeps a path of up to 100 bytes in `name`, or up to 255 split at a `/` into `prefix` and `name`.
    private static func split(_ bytes: [UInt8], path: String) throws -> (prefix: [UInt8], name: [UInt8]) {
        if bytes.count <= 100 { return ([], bytes) }
        for cut in stride(from: min(bytes.count - 1, 155), through: 1, by: -1) where bytes[cut] == UInt8(ascii: "/") {
            if bytes.count - cut - 1 <= 100 { return (Array(bytes[..<cut]), Array(bytes[(cut + 1)...])) }
        }
        throw CityGenError.writeFailed(path: path, reason: "the path is too long for a tar entry (ustar: 255 bytes)")
    }
}
