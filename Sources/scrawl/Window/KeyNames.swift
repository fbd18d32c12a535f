import CGLFW
import ScrawlCore

/// Maps GLFW key events to the key names replays use (`ctrl+shift+alt+KEY`).
enum KeyNames {
    /// The replay name of a GLFW key with modifiers, or nil for keys Scrawl has no name for.
    static func keyPress(key: Int32, mods: Int32) -> KeyPress? {
        guard let base = baseName(key) else { return nil }
        return KeyPress(base, ctrl: mods & GLFW_MOD_CONTROL != 0, shift: mods & GLFW_MOD_SHIFT != 0,
                        alt: mods & GLFW_MOD_ALT != 0)
    }

    /// The base name of a GLFW key code (US key positions, as GLFW reports them).
    static func baseName(_ key: Int32) -> String? {
        switch key {
        case GLFW_KEY_A...GLFW_KEY_Z: return String(UnicodeScalar(UInt8(key - GLFW_KEY_A) + UInt8(ascii: "a")))
        case GLFW_KEY_0...GLFW_KEY_9: return String(UnicodeScalar(UInt8(key - GLFW_KEY_0) + UInt8(ascii: "0")))
        case GLFW_KEY_KP_0...GLFW_KEY_KP_9: return String(UnicodeScalar(UInt8(key - GLFW_KEY_KP_0) + UInt8(ascii: "0")))
        case GLFW_KEY_LEFT_BRACKET: return "["
        case GLFW_KEY_RIGHT_BRACKET: return "]"
        case GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD: return "="
        case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT: return "-"
        case GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER: return "enter"
        case GLFW_KEY_ESCAPE: return "escape"
        case GLFW_KEY_TAB: return "tab"
        case GLFW_KEY_DELETE: return "delete"
        case GLFW_KEY_BACKSPACE: return "backspace"
        case GLFW_KEY_SPACE: return "space"
        case GLFW_KEY_F1: return "f1"
        case GLFW_KEY_SLASH: return "/"
        case GLFW_KEY_LEFT: return "left"
        case GLFW_KEY_RIGHT: return "right"
        case GLFW_KEY_UP: return "up"
        case GLFW_KEY_DOWN: return "down"
        case GLFW_KEY_HOME: return "home"
        case GLFW_KEY_END: return "end"
        default: return nil
        }
    }
}

extension KeyNames {
    /// The shift, alt and ctrl bits of GLFW modifiers, as pointer inputs carry them.
    static func modifiers(_ mods: Int32) -> InputModifiers {
        var m: InputModifiers = []
        if mods & GLFW_MOD_SHIFT != 0 { m.insert(.shift) }
        if mods & GLFW_MOD_ALT != 0 { m.insert(.alt) }
        if mods & GLFW_MOD_CONTROL != 0 { m.insert(.ctrl) }
        return m
    }

    /// The router's name for a GLFW mouse button.
    static func button(_ button: Int32) -> PointerButton {
        switch button {
        case GLFW_MOUSE_BUTTON_LEFT: return .left
        case GLFW_MOUSE_BUTTON_MIDDLE: return .middle
        default: return .other
        }
    }
}
