/// Paths as every message prints them (standard output, standard error, toasts, the window title):
/// control characters escaped, so a file name cannot move the cursor, recolour the terminal or
/// break a line, and long paths shortened, so a huge name cannot become a huge line.
///
/// - Escapes: `\t`, `\n`, `\r`, `\e` (ESC), `\xHH` for the other C0 controls and DEL, `\u{HH}` for
///   the C1 controls (U+0080 to U+009F). Everything else, a backslash included, is shown as it is,
///   so escaping text twice changes nothing.
/// - Shortening: an escaped path longer than `head + 1 + tail` characters keeps its first `head`
///   and last `tail` characters around "…": the end, with the file name (up to `tail` characters),
///   always shows. An escape sequence is never cut.
public enum PathText {
    /// Characters kept from the start and from the end of a long path.
    public static let head = 40, tail = 120

    /// `path` escaped, and shortened when long.
    public static func short(_ path: String) -> String {
        if path.utf8.count <= head + tail + 1, !path.unicodeScalars.contains(where: needsEscape) { return path }
        let units = path.map(shown)
        guard units.reduce(0, { $0 + $1.count }) > head + tail + 1 else { return units.joined() }
        let front = fitting(units, head), back = fitting(units.reversed(), tail)
        return units[..<front].joined() + "…" + units[(units.count - back)...].joined()
    }

    /// The last component of `path`, escaped and shortened, as messages name input files.
    public static func name(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return short(String(p.lastIndex(of: "/").map { p[p.index(after: $0)...] } ?? p))
    }

    /// `text` with its control characters escaped as in `short`, but for line breaks (a message may
    /// be two lines): what standard error prints, so text from elsewhere (a system or library
    /// message quoting a file name) cannot reach the terminal raw either.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && $0 != "\n" }) else { return text }
        var out = ""
        for s in text.unicodeScalars { out += s == "\n" ? "\n" : escaped(s) }
        return out
    }

    /// How many of `units`, from the first, fit in `budget` characters.
    private static func fitting(_ units: some Sequence<String>, _ budget: Int) -> Int {
        var n = 0, left = budget
        for unit in units {
            guard unit.count <= left else { break }
            left -= unit.count
            n += 1
        }
        return n
    }

    /// One character as shown: itself, or its scalars with the controls escaped.
    private static func shown(_ c: Character) -> String {
        guard c.unicodeScalars.contains(where: needsEscape) else { return String(c) }
        return c.unicodeScalars.map(escaped).joined()
    }

    /// Whether `s` is a control character (Unicode category Cc: C0, DEL, C1).
    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7f...0x9f).contains(s.value)
    }

    /// `s` itself, or its escape.
    static func escaped(_ s: Unicode.Scalar) -> String {
        guard needsEscape(s) else { return String(s) }
        switch s.value {
        case 0x09: return "\\t"
        case 0x0a: return "\\n"
        case 0x0d: return "\\r"
        case 0x1b: return "\\e"
        case 0x80...: return "\\u{" + hex(s.value) + "}"
        default: return "\\x" + hex(s.value)
        }
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
