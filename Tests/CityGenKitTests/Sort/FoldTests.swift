import Foundation
import XCTest

@testable import CityGenKit

final class FoldTests: XCTestCase {
    struct Vector: Decodable {
        let input: String
        let folded: String
    }

    func testEveryContractVector() throws {
        let data = try Data(contentsOf: Fixtures.shared.appendingPathComponent("fold-vectors.json"))
        let vectors = try JSONDecoder().decode([Vector].self, from: data)
        XCTAssertGreaterThan(vectors.count, 50)
        for vector in vectors {
            XCTAssertEqual(Fold.fold(vector.input), vector.folded, "fold(\(vector.input.debugDescription))")
        }
    }

    func testSpecExamples() {
        XCTAssertEqual(Fold.fold("‘Ayn Ḩalāqīm"), "ayn halaqim")
        XCTAssertEqual(Fold.fold("'s-Hertogenbosch"), "s hertogenbosch")
        XCTAssertEqual(Fold.fold("Łódź"), "lodz")
        XCTAssertEqual(Fold.fold("St. Louis"), "st louis")
    }

    /// The ASCII fast path must agree with the general Unicode path, which one accented letter forces.
    func testASCIIFastPathMatchesUnicodePath() {
        let texts = ["O'Fallon", "Saint-Denis", "  Alpha  beta  ", "x`ya", "New York (Cay)", "a_b", "123 Main Ave.", "--a--"]
        for text in texts {
            let accented = text.replacingOccurrences(of: "a", with: "\u{00E1}")
            XCTAssertNotEqual(text, accented)
            XCTAssertEqual(Fold.fold(text), Fold.fold(accented), text)
        }
    }

    /// Swift's `lowercased()` maps every Σ to σ; JavaScript's `toLowerCase()` makes a final one ς. The client
    /// lowercases character by character, as Swift does (the browser test checks the same values).
    func testCapitalSigmaFoldsToSigmaEverywhere() {
        XCTAssertEqual(Fold.fold("ΟΔΟΣ"), "οδοσ")
        XCTAssertEqual(Fold.fold("Αθήνας"), "αθηνας")  // a lowercase final sigma stays what it is
    }

    func testApostrophesJoinAndPunctuationSeparates() {
        XCTAssertEqual(Fold.fold("D’Iberville"), "diberville")
        XCTAssertEqual(Fold.fold("a/b\\c"), "a b c")
        XCTAssertEqual(Fold.fold("\u{0}\u{7}tab\tname\n"), "tab name")
        XCTAssertEqual(Fold.fold("ǅemal"), "dzemal")  // NFKD splits the digraph
    }
}
