/// A known member of one replay object, matched from its key's bytes; its raw value is its bit in
/// `MemberSet`.
protocol ReplayField: RawRepresentable where RawValue == Int {
    /// The field `key` names, or nil for any other key.
    static func match(_ key: UnsafeBufferPointer<UInt8>) -> Self?
}

extension ReplayDecoder {
    /// The members of the top-level object.
    enum TopField: Int, ReplayField {
        case version, canvas, seed, stamp, events

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> TopField? {
            if same(k, "version") { return .version }
            if same(k, "canvas") { return .canvas }
            if same(k, "seed") { return .seed }
            if same(k, "stamp") { return .stamp }
            if same(k, "events") { return .events }
            return nil
        }
    }

    /// The members of `canvas`.
    enum CanvasField: Int, ReplayField {
        case width, height, background

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> CanvasField? {
            same(k, "width") ? .width : same(k, "height") ? .height : same(k, "background") ? .background : nil
        }
    }

    /// The members of an event: exactly one of them makes the event.
    enum EventField: Int, ReplayField {
        case key, touches, frame, view, paste, color, ink, layer, text

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> EventField? {
            if same(k, "touches") { return .touches }
            if same(k, "key") { return .key }
            if same(k, "frame") { return .frame }
            if same(k, "view") { return .view }
            if same(k, "paste") { return .paste }
            if same(k, "color") { return .color }
            if same(k, "ink") { return .ink }
            if same(k, "layer") { return .layer }
            if same(k, "text") { return .text }
            return nil
        }
    }

    /// The members of a `color` event's object: exactly one of them.
    enum ColorField: Int, ReplayField {
        case stroke, fill

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> ColorField? {
            same(k, "stroke") ? .stroke : same(k, "fill") ? .fill : nil
        }
    }

    /// The members of an `ink` event's object: exactly one of them.
    enum InkField: Int, ReplayField {
        case pressure, speed, stabilizer

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> InkField? {
            same(k, "pressure") ? .pressure : same(k, "speed") ? .speed : same(k, "stabilizer") ? .stabilizer : nil
        }
    }

    /// The members of a `view` event's object.
    enum ViewField: Int, ReplayField {
        case x, y, zoom

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> ViewField? {
            same(k, "x") ? .x : same(k, "y") ? .y : same(k, "zoom") ? .zoom : nil
        }
    }

    /// The members of a touch.
    enum TouchField: Int, ReplayField {
        case id, phase, x, y, shift, alt, pressure, tiltX, tiltY, device

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> TouchField? {
            if same(k, "x") { return .x }
            if same(k, "y") { return .y }
            if same(k, "id") { return .id }
            if same(k, "phase") { return .phase }
            if same(k, "shift") { return .shift }
            if same(k, "alt") { return .alt }
            if same(k, "pressure") { return .pressure }
            if same(k, "tiltX") { return .tiltX }
            if same(k, "tiltY") { return .tiltY }
            if same(k, "device") { return .device }
            return nil
        }
    }
}
