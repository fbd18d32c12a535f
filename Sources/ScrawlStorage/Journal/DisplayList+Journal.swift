import ScrawlCore

extension DisplayList {
    /// Nothing to show and nothing to undo or redo: not worth recovering.
    public var isBlank: Bool { isEmpty && !canUndo && !canRedo }
}
