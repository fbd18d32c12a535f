extension DisplayList {
    /// One change to the list, as a mirror (the autosave journal) replays it with `apply(_:)`.
    public enum Change: Hashable, Sendable {
        /// A committed drawable appended (one undoable step).
        case add(Drawable)
        case undo
        case redo
        /// Everything removed (one undoable step).
        case clear
        /// An edit (one undoable step): items removed and inserted at their places, with their ids,
        /// so a mirror reproduces the same ids (`replace`, `remove`, `append` of several).
        case edit(Step)
    }
}
