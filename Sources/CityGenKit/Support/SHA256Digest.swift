import CCrypto
import Foundation

/// An incremental SHA-256 through OpenSSL's EVP interface (which OpenSSL 3 keeps undeprecated, unlike
/// `SHA256_Init`). A class, since it owns an OpenSSL context; not `Sendable`: one thread feeds it at a time.
public final class SHA256Digest {
    /// The size of a digest, in bytes.
    public static let byteCount = 32

    private let context: OpaquePointer

    /// A digest of no bytes yet.
    public init() {
        // Fails only when out of memory.
        guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
        self.context = context
        start()
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to what is digested.
    public func update(bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            precondition(EVP_DigestUpdate(context, base, buffer.count) == 1, "EVP_DigestUpdate failed")
        }
    }

    /// Adds the UTF-8 bytes of `text` (no terminator) to what is digested.
    public func update(text: String) {
        var text = text
        text.withUTF8 { update(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The 32-byte SHA-256 of every byte added since the digest was made or last finalized; the digest then starts
    /// over, empty, so it can be used again.
    public func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context, &digest, &length) == 1 && length == Self.byteCount, "EVP_DigestFinal_ex failed")
        start()
        return digest
    }

    /// `finalize()` as 64 lowercase hexadecimal digits.
    public func finalizeHex() -> String { Self.hex(finalize()) }

    /// The SHA-256 of `bytes`, as 64 lowercase hexadecimal digits.
    public static func hex(of bytes: some ContiguousBytes) -> String {
        let digest = SHA256Digest()
        digest.update(bytes: bytes)
        return digest.finalizeHex()
    }

    /// Writes the SHA-256 of `bytes` into `digest` (32 bytes) in one call, with no context kept.
    static func digest(of bytes: UnsafeRawBufferPointer, into digest: UnsafeMutableRawBufferPointer) {
        precondition(digest.count >= byteCount)
        var length: UInt32 = 0
        let done = EVP_Digest(bytes.baseAddress, bytes.count, digest.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, EVP_sha256(), nil)
        precondition(done == 1 && length == byteCount, "EVP_Digest failed")
    }

    /// `bytes` as lowercase hexadecimal, two digits a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = digits[Int(byte >> 4)]
                text[2 * index + 1] = digits[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }

    private func start() {
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "EVP_DigestInit_ex failed")
    }
}
