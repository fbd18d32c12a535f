/// Where an inserted picture goes: the middle of what the window shows, one image pixel per canvas
/// point, made smaller (keeping its shape) when that would not fit in most of the view.
extension StampDrawable {
    /// How much of the view's width and height an inserted picture may take at most.
    public static let insertedViewShare = 0.8

    /// `image` centred in `view` (canvas points), scaled down to fit within `insertedViewShare` of
    /// it, never up.
    public init(inserting image: RasterImage, into view: Rect, opacity: Double = 1) {
        let w = Double(max(image.width, 1)), h = Double(max(image.height, 1))
        let room = Swift.min(view.width * StampDrawable.insertedViewShare / w, view.height * StampDrawable.insertedViewShare / h)
        let scale = room.isFinite && room > 0 ? Swift.min(1, room) : 1
        let c = view.center
        self.init(image: image, rect: Rect(x: c.x - w * scale / 2, y: c.y - h * scale / 2, width: w * scale, height: h * scale),
                  opacity: opacity)
    }
}
