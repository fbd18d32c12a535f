import CXInput2
import ScrawlCore

/// Reading libXi's C structs into the plain values the rest of this module works on; tests build
/// the structs by hand.
extension XIDeviceSummary {
    /// The device `info` describes; `atomName` names its axes' labels (empty for none), and
    /// `toolType` is its "Wacom Tool Type" property where it has one.
    public init(_ info: XIDeviceInfo, atomName: (Atom) -> String, toolType: String? = nil) {
        var axes: [XIAxis] = [], direct = false
        for i in 0..<Int(max(info.num_classes, 0)) {
            guard let c = info.classes?[i] else { continue }
            switch c.pointee.type {
            case XIValuatorClass:
                let v = UnsafeRawPointer(c).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                axes.append(XIAxis(number: Int(v.number), label: v.label == 0 ? "" : atomName(v.label), min: v.min, max: v.max,
                                   resolution: Int(v.resolution), absolute: v.mode == XIModeAbsolute))
            case XITouchClass:
                let t = UnsafeRawPointer(c).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                if t.mode == XIDirectTouch { direct = true }
            default: break
            }
        }
        let use: Use = switch info.use {
        case XIMasterPointer: .masterPointer
        case XIMasterKeyboard: .masterKeyboard
        case XISlavePointer: .slavePointer
        case XISlaveKeyboard: .slaveKeyboard
        default: .floatingSlave
        }
        self.init(id: Int(info.deviceid), name: info.name.map { String(cString: $0) } ?? "", use: use,
                  enabled: info.enabled != 0, axes: axes, directTouch: direct, toolType: toolType)
    }
}

extension PackedValuators {
    /// The valuators of an event: the mask's bytes and one value per bit set.
    public init(_ state: XIValuatorState) {
        let count = Int(max(state.mask_len, 0))
        let mask = state.mask.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let set = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        let values = state.values.map { Array(UnsafeBufferPointer(start: $0, count: set)) } ?? []
        self.init(mask: mask, values: values)
    }
}

extension XIPointerEvent {
    /// The event `e` (from a cookie of evtype `e.evtype`), or nil for a type this module does not read.
    public init?(_ e: XIDeviceEvent) {
        let kind: Kind
        switch e.evtype {
        case XI_Motion: kind = .motion
        case XI_ButtonPress: kind = .buttonPress
        case XI_ButtonRelease: kind = .buttonRelease
        case XI_TouchBegin: kind = .touchBegin
        case XI_TouchUpdate: kind = .touchUpdate
        case XI_TouchEnd: kind = .touchEnd
        default: return nil
        }
        var mods: InputModifiers = []
        if e.mods.effective & Int32(ShiftMask) != 0 { mods.insert(.shift) }
        if e.mods.effective & Int32(Mod1Mask) != 0 { mods.insert(.alt) }
        self.init(kind: kind, deviceID: Int(e.deviceid), sourceID: Int(e.sourceid), detail: Int(e.detail),
                  time: UInt32(truncatingIfNeeded: e.time), root: Point(e.root_x, e.root_y), window: Point(e.event_x, e.event_y),
                  valuators: PackedValuators(e.valuators), modifiers: mods)
    }
}
