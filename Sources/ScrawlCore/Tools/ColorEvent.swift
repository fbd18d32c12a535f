/// A colour chosen where no key exists (the picker, a recent swatch): it becomes the stroke
/// colour, or the fill (nil: no fill). Replays hold it as `{"color": {"stroke": "#rrggbbaa"}}`.
public enum ColorEvent: Hashable, Sendable {
    case stroke(Color)
    case fill(Color?)

    /// The key that makes the same choice, when one exists (a bar swatch's digit, `shift+9`).
    public var key: KeyPress? {
        switch self {
        case .stroke(let c): return KeyTable.chord(for: .strokeColor(.fixed(c)))
        case .fill(let c): return KeyTable.chord(for: .fillColor(c.map { .fixed($0) }))
        }
    }

    /// `#rrggbbaa`, always with its alpha (the replay's canonical spelling).
    static func hex8(_ c: Color) -> String { c.hex8 }
}
