/// One key of the key table: the chord, what it does, its section, and a human summary.
public struct KeyBinding: Hashable, Sendable {
    public let chord: KeyPress
    public let action: KeyAction
    public let group: KeyGroup
    /// What the key does, e.g. "Pencil" or "stroke colour: red"; text before ": " is a topic that
    /// help and the README say once for a run of keys.
    public let summary: String

    public init(_ chord: String, _ action: KeyAction, _ group: KeyGroup, _ summary: String) {
        guard let press = KeyPress(name: chord) else { preconditionFailure("bad key name \(chord)") }
        self.chord = press; self.action = action; self.group = group; self.summary = summary
    }

    /// The summary's topic (before ": "), or nil.
    public var topic: String? {
        guard let r = summary.range(of: ": ") else { return nil }
        return String(summary[..<r.lowerBound])
    }

    /// The summary without its topic.
    public var detail: String {
        guard let r = summary.range(of: ": ") else { return summary }
        return String(summary[r.upperBound...])
    }
}
