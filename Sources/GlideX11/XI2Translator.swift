import CX11
import GlideGestures

/// Turns XInput2 touch events into `InputEvent`s, handling XI2's traps:
/// - an event can arrive once through the master device and once through the
///   slave: begins and updates are taken from the master only;
/// - while a grab is active a `TouchEnd` may arrive only through the slave: an end
///   is taken from whichever device brings it first, once;
/// - touches that never began here (or began twice) are ignored;
/// - coordinates are device pixels (Xlib has already turned XI2's fixed point into
///   doubles) and are divided by the window's scale.
/// Pointer events that XI2 flags as emulated from a touch are dropped by
/// `isEmulatedPointer(_:)`, so a touch never also moves the caret as a mouse.
struct XI2Translator {
    /// A touchpad that reports raw touches (XIDependentTouch): its touches keep
    /// `event_x/y` at the pointer, so positions come from its absolute X and Y
    /// valuators, normalised and scaled to the pad's physical size in points.
    struct PadGeometry: Equatable {
        var xAxis: Int32
        var yAxis: Int32
        var xRange: ClosedRange<Double>
        var yRange: ClosedRange<Double>
        /// The pad's size in logical points (1/96 inch), from the axes' resolution
        /// (units per metre); 100 × 60 mm when the device does not say.
        var size: (width: Double, height: Double)

        static func == (a: PadGeometry, b: PadGeometry) -> Bool {
            a.xAxis == b.xAxis && a.yAxis == b.yAxis && a.xRange == b.xRange && a.yRange == b.yRange
                && a.size.width == b.size.width && a.size.height == b.size.height
        }
    }

    /// Master device ids (from XIQueryDevice; refreshed on XI_HierarchyChanged).
    var masterDevices: Set<Int32> = []
    /// Touchpads with raw touches, by (slave) device id.
    var dependentTouchDevices: [Int32: PadGeometry] = [:]
    var scale = 1.0
    private(set) var activeTouches: Set<UInt32> = []
    /// The last known pad position of each dependent touch: events without X/Y
    /// valuators (an end often has none) are placed there.
    private var lastPadPosition: [UInt32: (Double, Double)] = [:]

    mutating func translate(_ evtype: Int32, _ event: XIDeviceEvent) -> InputEvent? {
        let id = UInt32(bitPattern: event.detail)
        let fromMaster = masterDevices.contains(event.deviceid)
        let pad = dependentTouchDevices[event.sourceid]
        var x = event.event_x / scale, y = event.event_y / scale
        if let pad {
            guard let position = Self.padPosition(event, pad) ?? lastPadPosition[id] else { return nil }
            (x, y) = position
            lastPadPosition[id] = position
            if evtype == XI_TouchEnd { lastPadPosition[id] = nil }
        }
        guard x.isFinite, y.isFinite else { return nil }
        func make(_ phase: TouchPhase) -> InputEvent {
            pad == nil ? .touch(phase: phase, id: Int(id), x: x, y: y) : .padTouch(phase: phase, id: Int(id), x: x, y: y)
        }
        switch evtype {
        case XI_TouchBegin:
            guard fromMaster, !activeTouches.contains(id) else { return nil }
            activeTouches.insert(id)
            return make(.begin)
        case XI_TouchUpdate:
            guard fromMaster, activeTouches.contains(id) else { return nil }
            return make(.update)
        case XI_TouchEnd:
            guard activeTouches.remove(id) != nil else { return nil }
            // A touch whose ownership went to another client ends "pending end":
            // the gesture must be abandoned, not completed.
            let cancelled = event.flags & Int32(XITouchPendingEnd) != 0
            return make(cancelled ? .cancel : .end)
        default:
            return nil
        }
    }

    /// XI 2.4 touchpad swipes: `detail` is the finger count, deltas are device pixels.
    func translate(_ evtype: Int32, swipe event: XIGestureSwipeEvent) -> InputEvent? {
        let phase: GesturePhase
        switch evtype {
        case XI_GestureSwipeBegin: phase = .begin
        case XI_GestureSwipeUpdate: phase = .update
        case XI_GestureSwipeEnd:
            phase = event.flags & Int32(XIGestureSwipeEventCancelled) != 0 ? .cancel : .end
        default: return nil
        }
        let dx = event.delta_x / scale, dy = event.delta_y / scale
        guard dx.isFinite, dy.isFinite else { return nil }
        return .swipe(phase: phase, fingers: Int(event.detail), dx: dx, dy: dy)
    }

    /// XI 2.4 touchpad pinches: `scale` is relative to the gesture's start.
    func translate(_ evtype: Int32, pinch event: XIGesturePinchEvent) -> InputEvent? {
        let phase: GesturePhase
        switch evtype {
        case XI_GesturePinchBegin: phase = .begin
        case XI_GesturePinchUpdate: phase = .update
        case XI_GesturePinchEnd:
            phase = event.flags & Int32(XIGesturePinchEventCancelled) != 0 ? .cancel : .end
        default: return nil
        }
        guard event.scale.isFinite, event.scale > 0 else { return nil }
        return .pinch(phase: phase, fingers: Int(event.detail), scale: event.scale,
                      dx: event.delta_x / scale, dy: event.delta_y / scale)
    }

    /// The pad position of a dependent touch, from its X and Y valuators (nil when
    /// the event carries neither: the caller uses the last one).
    static func padPosition(_ event: XIDeviceEvent, _ pad: PadGeometry) -> (Double, Double)? {
        guard let mask = event.valuators.mask, let values = event.valuators.values else { return nil }
        var x: Double?, y: Double?
        var index = 0
        for bit in 0..<Int32(event.valuators.mask_len * 8) where glide_xi_mask_is_set(mask, bit) != 0 {
            if bit == pad.xAxis { x = values[index] }
            if bit == pad.yAxis { y = values[index] }
            index += 1
        }
        guard let x, let y else { return nil }
        func scaled(_ v: Double, _ range: ClosedRange<Double>, _ length: Double) -> Double {
            let span = range.upperBound - range.lowerBound
            return span > 0 ? (v - range.lowerBound) / span * length : 0
        }
        return (scaled(x, pad.xRange, pad.size.width), scaled(y, pad.yRange, pad.size.height))
    }

    /// Pointer events XI2 synthesises from touches for old clients.
    static func isEmulatedPointer(_ event: XIDeviceEvent) -> Bool {
        event.flags & Int32(XIPointerEmulated) != 0
    }
}
