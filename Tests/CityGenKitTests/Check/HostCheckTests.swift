import Foundation
import XCTest

@testable import CityGenKit

/// `SiteInventory` and `HostCheck`: a site counted as hosts count it, from a folder and from each archive format,
/// and measured against each host's limits.
final class HostCheckTests: SiteTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = (1...40).map { n in
        let country = n % 3 == 0 ? "FR" : "DE"
        return (id: n * 1_009, name: "Town \(n)", country: country, lat: Double(n), lon: Double(n) / 2)
    }

    func testAFolderAndItsArchivesCountTheSameAsAWalkOfTheFolder() async throws {
        try await build(Fixtures.json(Self.cities))
        let site = folder.appendingPathComponent("site")
        let inventory = try SiteInventory(folder: site)
        // Counted apart, with FileManager's listing of each folder.
        var files = 0, folders = 0, bytes = 0, fullest = (path: "", entries: 0)
        var pending = [""]
        while let relative = pending.popLast() {
            let names = try FileManager.default.contentsOfDirectory(atPath: site.path + "/" + relative).filter { !$0.hasPrefix(".citygen") }
            if names.count > fullest.entries { fullest = (relative.isEmpty ? "." : relative, names.count) }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: site.path + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                    folders += 1
                    pending.append(path)
                } else {
                    files += 1
                    bytes += try Data(contentsOf: site.appendingPathComponent(path)).count
                }
            }
        }
        XCTAssertGreaterThan(files, 150)
        XCTAssertEqual(inventory.files, files)
        XCTAssertEqual(inventory.folders, folders)
        XCTAssertEqual(inventory.entries, files + folders)
        XCTAssertEqual(inventory.bytes, bytes)
        XCTAssertEqual(inventory.largestFolder?.entries, fullest.entries)
        for name in ["site.tar", "site.tar.gz", "site.zip"] {
            let archive = folder.appendingPathComponent(name)
            try await build(Fixtures.json(Self.cities)) { $0.archive = archive }
            XCTAssertEqual(try SiteInventory(archive: archive), inventory, name)
        }
        let tarSize = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("site.tar").path)[.size] as? Int
        XCTAssertEqual(inventory.tarBytes, tarSize, "a folder's .tar size is predicted to the byte")
    }

    func testEveryLimitExceededIsNamedWithWhereItIs() {
        var inventory = SiteInventory()
        for n in 0..<20_001 { inventory.add("city/\(n % 2)/\(n).html", bytes: 10) }
        inventory.add("search/big.json", bytes: 26 * 1024 * 1024)
        XCTAssertEqual(inventory.folders, 4)
        XCTAssertEqual(inventory.largestFolder?.path, "city/0")
        XCTAssertEqual(HostCheck(host: .cloudflarePages, inventory: inventory).exceeded, [
            "files 20,002 > 20,000", "largest file 27,262,976 (search/big.json) > 26,214,400",
        ])
        XCTAssertEqual(HostCheck(host: .netlify, inventory: inventory).exceeded, [])
        XCTAssertEqual(HostCheck(host: .folder, inventory: inventory).exceeded, [])
        for n in 0..<54_000 { inventory.add("city/\(n).html", bytes: 20_000) }
        XCTAssertEqual(HostCheck(host: .netlify, inventory: inventory).exceeded, ["largest folder 54,002 (city) > 54,000"])
        // 74,006 entries fit GitLab's 200,000; 1,107,462,986 bytes do not fit its 1 GB (nor GitHub's).
        XCTAssertEqual(HostCheck(host: .gitlabPages, inventory: inventory).exceeded, ["bytes 1,107,462,986 > 1,000,000,000"])
        XCTAssertEqual(HostCheck(host: .githubPages, inventory: inventory).exceeded, ["bytes 1,107,462,986 > 1,000,000,000"])
    }

    /// GitHub Pages takes a site of up to 1 GB in a `.tar` of up to 10 GB: a tar's headers and padding are not
    /// published bytes, and a site of many small files may be under 1 GB as files but over it as a `.tar`.
    func testGitHubCountsThePublishedBytesAndTheTarOnItsOwnLimit() {
        var small = SiteInventory()
        for n in 0..<300_000 { small.add("city/\(n % 300)/\(n).html", bytes: 3_300) }
        XCTAssertGreaterThan(small.tarBytes, 1_000_000_000)
        XCTAssertEqual(HostCheck(host: .githubPages, inventory: small).exceeded, [])
        var huge = SiteInventory()
        huge.add("dump.bin", bytes: 10_000_000_000)
        XCTAssertEqual(HostCheck(host: .githubPages, inventory: huge).exceeded.map { String($0.prefix(while: { $0 != "1" })) }, [
            "bytes ", "bytes as .tar ",
        ])
    }

    func testAnUnknownHostNamesTheChoices() {
        XCTAssertThrowsError(try HostProfile.named("vercel")) { error in
            XCTAssertEqual((error as? CityGenError)?.exitCode, ExitStatus.usage.rawValue)
            XCTAssertTrue("\(error)".contains("github-pages, gitlab-pages, netlify, cloudflare-pages, s3, folder"), "\(error)")
        }
    }

    func testADamagedArchiveIsAnErrorNotACrash() throws {
        for (name, bytes) in [("x.tar", [UInt8](repeating: 7, count: 700)), ("x.tar.gz", [0x1f, 0x8b, 8, 0, 1, 2]), ("x.zip", Array("PK junk".utf8))] {
            let archive = folder.appendingPathComponent(name)
            try Data(bytes).write(to: archive)
            XCTAssertThrowsError(try SiteInventory(archive: archive), name) { error in
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
        }
    }
}
