/// The text the Text tool is editing: its characters, the caret, where and how it is set, and
/// its own undo history (one step per word typed or per run of deletions, as editors keep it).
struct TextEdit {
    var characters: [Character]
    /// The caret: the number of characters before it.
    var caret: Int
    var position: Point
    var family: String
    var size: Double
    var colour: Color
    /// The committed text this edit changes (a text edited again), hidden while it is edited.
    var replacing: (id: UInt64, original: TextDrawable)?
    /// The states to go back to, oldest first.
    var history: [(characters: [Character], caret: Int)] = []
    /// Counts the undo steps begun and undone (`OpenText.step`).
    private(set) var steps = 0
    private var lastChange = Change.none

    enum Change { case none, typing, deleting }

    init(characters: [Character] = [], position: Point, family: String, size: Double, colour: Color) {
        self.characters = characters; self.caret = characters.count; self.position = position
        self.family = family; self.size = size; self.colour = colour
    }

    var string: String { String(characters) }

    // MARK: Editing

    /// Inserts `text` at the caret, up to `TextDrawable.maxCharacters` in all (the rest is dropped);
    /// returns whether anything was inserted.
    mutating func insert(_ text: String) -> Bool {
        let room = TextDrawable.maxCharacters - characters.count
        let new = Array(text.prefix(max(room, 0)))
        guard !new.isEmpty else { return false }
        let startsWord = new.first.map { !$0.isWhitespace } ?? false
        let previousIsSpace = caret > 0 && characters[caret - 1].isWhitespace
        if lastChange != .typing || (startsWord && previousIsSpace) || new.count > 1 { remember(.typing) }
        characters.insert(contentsOf: new, at: caret)
        caret += new.count
        return true
    }

    /// Deletes the character before the caret (`backspace`) or after it (`delete`).
    mutating func delete(forward: Bool) -> Bool {
        let index = forward ? caret : caret - 1
        guard index >= 0, index < characters.count else { return false }
        if lastChange != .deleting { remember(.deleting) }
        characters.remove(at: index)
        caret = index
        return true
    }

    /// Undoes the last word typed or run of deletions; false when there is none.
    mutating func undo() -> Bool {
        guard let last = history.popLast() else { return false }
        characters = last.characters
        caret = min(last.caret, characters.count)
        lastChange = .none
        steps += 1
        return true
    }

    private mutating func remember(_ change: Change) {
        history.append((characters, caret))
        lastChange = change
        steps += 1
    }

    /// The caret moved by a key: the next typing starts a new undo step.
    mutating func moved(to caret: Int) {
        self.caret = min(max(caret, 0), characters.count)
        lastChange = .none
    }

    // MARK: Lines

    /// The caret's line and column.
    var caretLine: (row: Int, column: Int) { TextEdit.line(of: caret, in: characters) }

    /// The line and column of character offset `offset`.
    static func line(of offset: Int, in characters: [Character]) -> (row: Int, column: Int) {
        var row = 0, start = 0
        for i in 0..<min(offset, characters.count) where characters[i] == "\n" { row += 1; start = i + 1 }
        return (row, offset - start)
    }

    /// The character offset of column `column` of line `row` (clamped to the line).
    func offset(row: Int, column: Int) -> Int {
        var current = 0, start = 0
        if row > 0 {
            for (i, c) in characters.enumerated() where c == "\n" {
                current += 1
                if current == row { start = i + 1; break }
            }
            if current < row { return characters.count }
        }
        var end = start
        while end < characters.count, characters[end] != "\n" { end += 1 }
        return start + min(max(column, 0), end - start)
    }
}
