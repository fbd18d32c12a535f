/// The text the Text tool is editing, as autosave records it (`Editor.openText`): the string, the
/// caret, where and how it is set, the layer it goes to and the text it replaces, without its
/// glyphs (recovery lays it out again, `Editor.recoverText`).
public struct OpenText: Hashable, Sendable {
    public var string: String
    /// The caret: the number of characters before it.
    public var caret: Int
    /// The top-left corner of the first line.
    public var position: Point
    public var family: String
    /// The em size in canvas points.
    public var size: Double
    /// Its colour, opacity folded into the alpha.
    public var colour: Color
    /// The layer the text is committed to (the replaced text's own layer when it replaces one).
    public var layer: LayerID
    /// The id of the committed text this edit changes (a text edited again), nil for a new text.
    public var replacing: UInt64?
    /// Counts the edit's own undo steps (a word begun, a run of deletions, an undo): autosave
    /// writes a record when it changes, at most once a second (not part of the record).
    public var step: Int

    public init(string: String, caret: Int, position: Point, family: String, size: Double, colour: Color,
                layer: LayerID, replacing: UInt64?, step: Int = 0) {
        self.string = string; self.caret = caret; self.position = position; self.family = family
        self.size = size; self.colour = colour; self.layer = layer; self.replacing = replacing; self.step = step
    }

    /// Whether `other` is the same edit set the same way (the same place, font, colour, layer and
    /// replaced text), whatever its string and caret.
    public func isSameSetting(as other: OpenText) -> Bool {
        position == other.position && family == other.family && size == other.size && colour == other.colour
            && layer == other.layer && replacing == other.replacing
    }
}
