/// A key press by name: `ctrl+shift+alt+KEY`, as replays and the window both spell it.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    /// The base key: a lowercase letter, a digit, `[`, `]`, `=`, `-`, `enter`, `escape`, `tab`,
    /// `delete`, `backspace` or `space`.
    public var key: String
    public var ctrl: Bool
    public var shift: Bool
    public var alt: Bool

    public init(_ key: String, ctrl: Bool = false, shift: Bool = false, alt: Bool = false) {
        self.key = key; self.ctrl = ctrl; self.shift = shift; self.alt = alt
    }

    /// The base key names a replay may use.
    public static let namedKeys: Set<String> = ["enter", "escape", "tab", "delete", "backspace", "space",
                                                  "left", "right", "up", "down", "f1", "home", "end"]

    /// Parses `ctrl+shift+alt+KEY` (modifiers optional, in that order); nil when malformed.
    public init?(name: String) {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let base = parts.popLast(), KeyPress.isBaseKey(base) else { return nil }
        var ctrl = false, shift = false, alt = false
        var order = 0
        for m in parts {
            switch m {
            case "ctrl" where order < 1: ctrl = true; order = 1
            case "shift" where order < 2: shift = true; order = 2
            case "alt" where order < 3: alt = true; order = 3
            default: return nil
            }
        }
        self.init(base, ctrl: ctrl, shift: shift, alt: alt)
    }

    /// A lowercase letter, a digit, `[`, `]`, `=`, `-`, or one of `namedKeys`.
    public static func isBaseKey(_ s: String) -> Bool {
        if namedKeys.contains(s) { return true }
        guard s.utf8.count == 1, let c = s.utf8.first else { return false }
        return (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "=") || c == UInt8(ascii: "-") || c == UInt8(ascii: "/")
    }

    /// The canonical name, e.g. `ctrl+shift+z`.
    public var name: String {
        (ctrl ? "ctrl+" : "") + (shift ? "shift+" : "") + (alt ? "alt+" : "") + key
    }
    public var description: String { name }
}
