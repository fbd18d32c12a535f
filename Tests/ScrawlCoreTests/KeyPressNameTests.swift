import XCTest
@testable import ScrawlCore

/// Exhaustive check of `KeyPress(name:)` against the spec: `ctrl+shift+alt+KEY`, modifiers optional
/// and in that order.
final class KeyPressNameTests: XCTestCase {
    func testNamesMatchTheSpecExactly() {
        let bases = "abcdefghijklmnopqrstuvwxyz0123456789[]=-/".map(String.init) + ["f1"]
            + ["enter", "escape", "tab", "delete", "backspace", "space"]
        var valid = Set<String>()
        for mask in 0..<8 {
            let prefix = (mask & 1 != 0 ? "ctrl+" : "") + (mask & 2 != 0 ? "shift+" : "") + (mask & 4 != 0 ? "alt+" : "")
            for base in bases { valid.insert(prefix + base) }
        }
        let tokens = ["ctrl", "shift", "alt", "a", "Z", "enter", "[", "", "1", "f1", "Enter", "é", " "]
        var names: [String] = tokens
        for a in tokens {
            for b in tokens {
                names.append(a + "+" + b)
                for c in tokens { names.append(a + "+" + b + "+" + c) }
            }
        }
        for m in ["ctrl", "shift", "alt"] { names.append("ctrl+shift+alt+" + m) }
        names += ["ctrl+shift+alt+a", "ctrl+shift+alt+a+b", "+", "++", "a+", "+a"]
        for name in names {
            let key = KeyPress(name: name)
            XCTAssertEqual(key != nil, valid.contains(name), name)
            if let key { XCTAssertEqual(key.name, name) }
        }
        for name in valid { XCTAssertEqual(KeyPress(name: name)?.name, name) }
    }
}
