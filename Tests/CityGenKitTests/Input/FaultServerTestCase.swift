import CityGenTestSupport
import Foundation
import XCTest

/// Tests against `Tests/Support/fault_server.py`, an HTTP server on 127.0.0.1 that misbehaves on purpose: one
/// server for the class, and for each test a fresh folder and a URL prefix of its own (the server counts
/// requests by path).
class FaultServerTestCase: XCTestCase {
    nonisolated(unsafe) static var server: Process?  // set once in class setUp, before any test
    nonisolated(unsafe) static var port = 0

    override class func setUp() {
        let (started, listening) = try! ChildProcess.startFaultServer()
        server = started
        port = listening
    }

    override class func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
    }

    var folder: URL!
    var test = ""

    override func setUp() {
        XCTAssertGreaterThan(Self.port, 0, "the fault server did not start")
        folder = Fixtures.temporaryFolder()
        test = UUID().uuidString
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// This test's URL for `mode` (the server's behaviour, or the name of a body put there).
    func url(_ mode: String) -> URL { URL(string: "http://127.0.0.1:\(Self.port)/\(test)/\(mode)")! }

    /// How many requests `mode` had, the conditional headers of each, and the bytes of each body put there served.
    func requests(_ mode: String) throws -> (count: Int, headers: [[String: String]], sent: [Int]) {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(Self.port)/count/\(test)/\(mode)")!)
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (object["count"] as! Int, object["headers"] as! [[String: String]], object["sent"] as! [Int])
    }
}
