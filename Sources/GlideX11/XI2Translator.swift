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
    /// Master device ids (from XIQueryDevice; refreshed on XI_HierarchyChanged).
    var masterDevices: Set<Int32> = []
    var scale = 1.0
    private(set) var activeTouches: Set<UInt32> = []

    mutating func translate(_ evtype: Int32, _ event: XIDeviceEvent) -> InputEvent? {
        let id = UInt32(bitPattern: event.detail)
        let fromMaster = masterDevices.contains(event.deviceid)
        let x = event.event_x / scale, y = event.event_y / scale
        guard x.isFinite, y.isFinite else { return nil }
        switch evtype {
        case XI_TouchBegin:
            guard fromMaster, !activeTouches.contains(id) else { return nil }
            activeTouches.insert(id)
            return .touch(phase: .begin, id: Int(id), x: x, y: y)
        case XI_TouchUpdate:
            guard fromMaster, activeTouches.contains(id) else { return nil }
            return .touch(phase: .update, id: Int(id), x: x, y: y)
        case XI_TouchEnd:
            guard activeTouches.remove(id) != nil else { return nil }
            // A touch whose ownership went to another client ends "pending end":
            // the gesture must be abandoned, not completed.
            let cancelled = event.flags & Int32(XITouchPendingEnd) != 0
            return .touch(phase: cancelled ? .cancel : .end, id: Int(id), x: x, y: y)
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

    /// Pointer events XI2 synthesises from touches for old clients.
    static func isEmulatedPointer(_ event: XIDeviceEvent) -> Bool {
        event.flags & Int32(XIPointerEmulated) != 0
    }
}
