/// Image stamp (QuartzFun): the stamp image centred on the touch, following it, committed on `ended`.
public final class StampTool: MultiTouchTool {
    private let image: () -> RasterImage

    public init(image: @escaping () -> RasterImage) {
        self.image = image
        super.init(kind: .stamp)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .stamp(StampDrawable(image: image(), center: t.last, opacity: t.style.opacity))
    }
}
