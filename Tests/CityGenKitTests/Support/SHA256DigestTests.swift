import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

final class SHA256DigestTests: XCTestCase {
    /// FIPS 180-4's examples (NIST's SHA256.pdf) and the digest of no bytes.
    func testKnownVectors() {
        XCTAssertEqual(SHA256Digest.hex(of: [UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256Digest.hex(of: Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256Digest.hex(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A million 'a's, fed in uneven chunks that cross the 64-byte block boundary, plus empty updates in between.
    func testAMillionAsInChunks() {
        let digest = SHA256Digest()
        var left = 1_000_000
        var chunk = 1
        while left > 0 {
            let count = min(chunk, left)
            digest.update(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: count))
            digest.update(bytes: [UInt8]())
            left -= count
            chunk = chunk * 7 % 9973 + 1
        }
        XCTAssertEqual(digest.finalizeHex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every way of feeding bytes gives the same digest, and a finalized digest starts over empty.
    func testUpdatesAgreeAndFinalizeStartsOver() {
        let text = "Córdoba\u{0}São Paulo"
        let whole = SHA256Digest.hex(of: Data(text.utf8))
        let digest = SHA256Digest()
        digest.update(text: "Córdoba")
        digest.update(bytes: [UInt8(0)])
        Data("São Paulo".utf8).withUnsafeBytes { digest.update(bytes: $0) }
        let bytes = digest.finalize()
        XCTAssertEqual(bytes.count, SHA256Digest.byteCount)
        XCTAssertEqual(SHA256Digest.hex(bytes), whole)
        XCTAssertEqual(digest.finalizeHex(), SHA256Digest.hex(of: [UInt8]()))
    }

    /// The digest of a file, fed in pieces, is what coreutils' `sha256sum` says it is.
    func testAgreesWithSha256sum() throws {
        let sha256sum = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try XCTUnwrap(sha256sum, "sha256sum is not installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        let contents = (0..<300_001).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let file = folder.appendingPathComponent("random.bin")
        try Data(contents).write(to: file)

        let (status, printed) = try ChildProcess.output([tool, file.path])
        XCTAssertEqual(status, 0)
        let expected = try XCTUnwrap(String(decoding: printed, as: UTF8.self).split(separator: " ").first)

        let digest = SHA256Digest()
        for start in stride(from: 0, to: contents.count, by: 4096) {
            digest.update(bytes: Array(contents[start..<min(start + 4096, contents.count)]))
        }
        XCTAssertEqual(digest.finalizeHex(), String(expected))
    }
}
