/// The pen's eraser end: while one of its touches (`TouchDevice.eraser`) is down the eraser is the
/// current tool, in its current mode; when the last one lifts the tool chosen before is back. The
/// eraser commits each touch's erase as one step, as it does for the mouse, so the undo history
/// has one step per erase. A tool chosen while the eraser end is down stays chosen.
extension Editor {
    /// The tool to go back to (nil: none, the eraser was already current or another was chosen)
    /// and the eraser end's touches down.
    struct EraserEnd: Hashable, Sendable {
        var previous: ToolKind?
        var touches: Set<Int> = []
    }

    /// Hands `touches` to the current tool, making the eraser current first when an eraser end
    /// begins and going back after its last touch ends.
    func handleTouches(_ touches: [Touch]) {
        if editsTextOnDoubleClick(touches) { return }
        let eraser = ToolCatalog.eraserEndTool
        for t in touches where t.device.isEraserEnd && t.phase == .began {
            if eraserEnd == nil {
                let previous = tool.kind == eraser ? nil : tool.kind
                if previous != nil { select(eraser) }
                eraserEnd = EraserEnd(previous: previous)
            }
            eraserEnd?.touches.insert(t.id)
        }
        tool.handle(touches, self)
        guard eraserEnd != nil else { return }
        for t in touches where t.phase == .ended || t.phase == .cancelled { eraserEnd?.touches.remove(t.id) }
        guard let end = eraserEnd, end.touches.isEmpty else { return }
        eraserEnd = nil
        if let previous = end.previous { select(previous) }
    }
}
