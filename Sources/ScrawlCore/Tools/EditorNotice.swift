/// Something an edit did that its user should hear of: the window shows it as a toast, `scrawl
/// render` says the warnings on standard error (`Editor.takeNotices()`).
public enum EditorNotice: Hashable, Sendable {
    /// A move, nudge, scale, paste or duplicate of the selection was shortened so that the
    /// selection stops at the canvas limit.
    case selectionStoppedAtLimit
    /// A nudge that could not move the selection at all: it is at the canvas limit already.
    case selectionAtLimit
    /// A new drawing reached past the canvas limit and was kept inside it.
    case drawingKeptInside
    /// The canvas was cleared (`ctrl+shift+delete`); undo brings it back.
    case cleared
    /// A tool was used on a hidden or locked layer (or a paste, or a selection moved, went to one).
    case layerNotEditable(name: String, hidden: Bool)
    /// A merge down refused: the layer named is hidden (merging would show or hide its drawables).
    case mergeHidden(name: String)
    /// Where a layer key left the current layer (`Editor.layerStatusText`).
    case layerStatus(String)
    /// Text set in a font family this system lacks is being edited in `using` instead.
    case fontMissing(family: String, using: String)
    /// A text holds `limit` characters, the most it may: what was typed past that was dropped.
    case textFull(limit: Int)

    /// The canvas limit as messages name it.
    static let limitText = "the edge of the canvas (±1,000,000 points)"

    /// Something went otherwise than asked (`scrawl render` says these on standard error); the
    /// others only tell the window's user what just happened and how to undo it.
    public var isWarning: Bool {
        switch self {
        case .cleared, .layerStatus: return false
        default: return true
        }
    }

    /// One sentence for the user.
    public var message: String {
        switch self {
        case .selectionStoppedAtLimit: return "The selection stopped at \(Self.limitText)"
        case .selectionAtLimit: return "The selection is at \(Self.limitText) and cannot move further that way"
        case .drawingKeptInside: return "The drawing reached past \(Self.limitText) and was kept inside it"
        case .cleared: return "Cleared — ctrl+z brings it back"
        case .layerStatus(let text): return text
        case .mergeHidden(let name): return "Layer \"\(name)\" is hidden — show it to merge"
        case .layerNotEditable(let name, let hidden):
            return hidden ? "Layer \"\(name)\" is hidden — show it to draw on it" : "Layer \"\(name)\" is locked — unlock it to draw on it"
        case let .fontMissing(family, using):
            return "The font \"\(family)\" is missing: this text is edited in \"\(using)\" (it still shows as it was until it is changed)"
        case .textFull(let limit): return "A text holds at most \(limit) characters: the rest was not typed"
        }
    }
}

extension Editor {
    /// The notices since the last call, oldest first, each once.
    public func takeNotices() -> [EditorNotice] {
        defer { notices.removeAll() }
        return notices
    }

    /// Notes `notice` for the user (once until the notices are taken).
    public func note(_ notice: EditorNotice) {
        if !notices.contains(notice) { notices.append(notice) }
    }

    /// `drawables` with every coordinate inside the canvas limit (`keptInsideCanvasLimit`): the
    /// one gate every drawable passes on its way into the display list. Tools that move drawables
    /// shorten the move first, so this changes only what a drawing tool placed past the limit.
    func insideCanvas(_ drawables: [Drawable]) -> [Drawable] {
        guard !drawables.allSatisfy(\.isInsideCanvasLimit) else { return drawables }
        note(.drawingKeptInside)
        return drawables.map { $0.keptInsideCanvasLimit() }
    }
}
