import Foundation

/// A strict JSON syntax check that says where the first error is: Foundation's decoder on Linux reports malformed
/// JSON without a position and accepts trailing commas. No recursion: a deep nesting is an error, not a crash.
enum JSONSyntax {
    static let maximumDepth = 512

    static func firstError(in data: Data) -> JSONSyntaxError? {
        data.withUnsafeBytes { raw in
            var checker = Checker(bytes: raw.bindMemory(to: UInt8.self))
            guard let (problem, offset) = checker.run() else { return nil }
            return position(of: offset, in: checker.bytes, problem: problem)
        }
    }

    private static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, problem: String)
        -> JSONSyntaxError
    {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(problem: problem, offset: offset, line: line, column: column)
    }

    private struct Checker {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var stack: [UInt8] = []  // "[" or "{" per open container

        typealias Failure = (String, Int)

        /// What reading one value left to do.
        enum Step {
            case failed(Failure)
            /// A container was opened and holds a value to read next.
            case opened
            /// A value (a scalar or an empty container) is complete.
            case complete
            /// The whole input is one complete value.
            case end
        }

        mutating func run() -> Failure? {
            skipSpace()
            if i == bytes.count { return ("the input is empty: expected a JSON array", i) }
            while true {
                switch value() {
                case .failed(let failure): return failure
                case .opened: continue
                case .complete, .end: break
                }
                switch afterValue() {
                case .failed(let failure): return failure
                case .end: return nil
                case .opened, .complete: continue
                }
            }
        }

        /// Reads the value that is expected at `i`: a scalar, or the opening of a container.
        mutating func value() -> Step {
            skipSpace()
            guard i < bytes.count else { return .failed(("unexpected end of input: expected a value", i)) }
            var failure: Failure?
            switch bytes[i] {
            case UInt8(ascii: "["):
                if let failure = open(UInt8(ascii: "[")) { return .failed(failure) }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "]") else { return .opened }
                i += 1
                stack.removeLast()
            case UInt8(ascii: "{"):
                if let failure = open(UInt8(ascii: "{")) { return .failed(failure) }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "}") else { return member().map { .failed($0) } ?? .opened }
                i += 1
                stack.removeLast()
            case UInt8(ascii: "\""): failure = string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): failure = number()
            case UInt8(ascii: "t"): failure = literal("true")
            case UInt8(ascii: "f"): failure = literal("false")
            case UInt8(ascii: "n"): failure = literal("null")
            default: failure = ("unexpected \(describe(i)): expected a value", i)
            }
            return failure.map { .failed($0) } ?? .complete
        }

        /// After a value: closes the containers that end here, then moves to the next element (`.complete`), or
        /// finds the end of the input (`.end`).
        mutating func afterValue() -> Step {
            while true {
                skipSpace()
                guard let top = stack.last else {
                    return i == bytes.count ? .end : .failed(("unexpected \(describe(i)) after the end of the JSON value", i))
                }
                guard i < bytes.count else {
                    return .failed(("unexpected end of input: an \(top == UInt8(ascii: "[") ? "array" : "object") is not closed", i))
                }
                let close = top == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                if bytes[i] == close {
                    i += 1
                    stack.removeLast()
                    continue
                }
                guard bytes[i] == UInt8(ascii: ",") else {
                    return .failed(("unexpected \(describe(i)): expected ',' or '\(Character(Unicode.Scalar(close)))'", i))
                }
                i += 1
                skipSpace()
                if i < bytes.count, bytes[i] == close { return .failed(("trailing comma before '\(Character(Unicode.Scalar(close)))'", i)) }
                if top == UInt8(ascii: "{"), let failure = member() { return .failed(failure) }
                return .complete
            }
        }

        mutating func open(_ bracket: UInt8) -> Failure? {
            guard stack.count < JSONSyntax.maximumDepth else {
                return ("nesting deeper than \(JSONSyntax.maximumDepth) levels", i)
            }
            stack.append(bracket)
            i += 1
            return nil
        }

        /// An object member's `"key" :`, leaving `i` at its value.
        mutating func member() -> Failure? {
            skipSpace()
            guard i < bytes.count else { return ("unexpected end of input: expected a member name", i) }
            guard bytes[i] == UInt8(ascii: "\"") else {
                return ("unexpected \(describe(i)): expected a member name in double quotes", i)
            }
            if let failure = string() { return failure }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                return ("unexpected \(describe(i)): expected ':' after a member name", i)
            }
            i += 1
            return nil
        }

        mutating func string() -> Failure? {
            let start = i
            i += 1
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\""):
                    i += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard i + 1 < bytes.count else {
                        i = bytes.count
                        break
                    }
                    let escaped = bytes[i + 1]
                    if escaped == UInt8(ascii: "u") {
                        guard i + 5 < bytes.count, (2...5).allSatisfy({ isHex(bytes[i + $0]) }) else {
                            return ("invalid \\u escape in a string", i)
                        }
                        i += 6
                    } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
                        i += 2
                    } else {
                        return ("invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in a string", i)
                    }
                case 0..<0x20:
                    return ("unescaped control character (U+\(String(format: "%04X", byte))) in a string", i)
                default:
                    i += 1
                }
            }
            return ("unexpected end of input: a string is not closed", start)
        }

        mutating func number() -> Failure? {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { return ("invalid number", start) }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if i < bytes.count, isDigit(bytes[i]) { return ("invalid number: leading zero", start) }
            } else {
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard i < bytes.count, isDigit(bytes[i]) else { return ("invalid number: no digit after '.'", start) }
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard i < bytes.count, isDigit(bytes[i]) else { return ("invalid number: no digit in exponent", start) }
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            return nil
        }

        mutating func literal(_ word: StaticString) -> Failure? {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard i + expected.count <= bytes.count, (0..<expected.count).allSatisfy({ bytes[i + $0] == expected[$0] })
            else { return ("unexpected \(describe(i)): expected a value", i) }
            i += expected.count
            return nil
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x0A, 0x0D, 0x09: i += 1
                default: return
                }
            }
        }

        func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "end of input" }
            let byte = bytes[offset]
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(format: "%02X", byte))"
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        func isHex(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
    }
}
