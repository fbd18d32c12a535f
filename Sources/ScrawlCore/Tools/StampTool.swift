/// Image stamp (QuartzFun): the stamp image centred on the touch, following it, committed on `ended`.
public final class StampTool: MultiTouchTool {
    private let image: () -> RasterImage

    public init(image: @escaping () -> RasterImage) {
        self.image = image
        super.init(kind: .stamp)
    }

    /// The outline of the stamp a touch here would put down.
    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        .outline(StampDrawable(image: image(), center: p).rect)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .stamp(StampDrawable(image: image(), center: t.last, opacity: t.style.opacity))
    }
}
