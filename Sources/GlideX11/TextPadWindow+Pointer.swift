import CX11
import Foundation
import GlideEditor
import GlideGestures
import GlideLayout

/// Pointer input through XInput2: buttons, motion and smooth-scroll valuators on
/// the master pointer (XI_ButtonPress/Release, XI_Motion), so the touch issue can add
/// XI_Touch* and gesture events to the same selection. Wheel "buttons" 4–7 that XI2
/// flags as emulated from smooth scrolling are dropped, so nothing scrolls twice.
extension TextPadWindow {
    static let doubleClickTime: Time = 400
    static let doubleClickDistance = 4.0

    func selectPointerEvents() {
        // One mask per window and device: a second XISelectEvents for the same
        // device would replace this one, not add to it. Begin, Update and End of a
        // class are selected together, or the server answers BadValue.
        var events: [Int32] = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]
        if supportsGestureEvents {
            events += [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
                       XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]
        }
        events.withUnsafeBufferPointer { _ = glide_xi_select(x.display, window, XIAllMasterDevices, $0.baseAddress, Int32($0.count)) }
        // Device changes (a touchscreen plugged in) arrive on the root window.
        let hierarchy: [Int32] = [XI_HierarchyChanged]
        hierarchy.withUnsafeBufferPointer { _ = glide_xi_select(x.display, x.root, XIAllDevices, $0.baseAddress, 1) }
        discoverDevices()
    }

    /// Finds the master devices and each master pointer's smooth-scroll valuators
    /// (number, increment, axis).
    func discoverDevices() {
        scrollValuators.removeAll()
        translator.masterDevices.removeAll()
        translator.scale = scale
        var count: Int32 = 0
        guard let devices = XIQueryDevice(x.display, XIAllMasterDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        discoverTouchpads()
        for i in 0..<Int(count) {
            let device = devices[i]
            translator.masterDevices.insert(device.deviceid)
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c], any.pointee.type == XIScrollClass else { continue }
                let scroll = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                let key = device.deviceid << 8 | scroll.number
                scrollValuators[key] = (scroll.number, scroll.increment == 0 ? 1 : scroll.increment,
                                        scroll.scroll_type == XIScrollTypeVertical)
            }
        }
    }

    /// Finds touchpads that report raw touches (XIDependentTouch) and their X/Y axes.
    func discoverTouchpads() {
        translator.dependentTouchDevices.removeAll()
        var count: Int32 = 0
        guard let devices = XIQueryDevice(x.display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        for i in 0..<Int(count) {
            let device = devices[i]
            var dependent = false
            var axes: [Int32: XIValuatorClassInfo] = [:]
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c] else { continue }
                let raw = UnsafeMutableRawPointer(any)
                if any.pointee.type == XITouchClass {
                    dependent = raw.assumingMemoryBound(to: XITouchClassInfo.self).pointee.mode == XIDependentTouch
                } else if any.pointee.type == XIValuatorClass {
                    let valuator = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    axes[valuator.number] = valuator
                }
            }
            guard dependent, let xAxis = axes[0], let yAxis = axes[1], xAxis.max > xAxis.min, yAxis.max > yAxis.min else { continue }
            func points(_ axis: XIValuatorClassInfo, fallbackMM: Double) -> Double {
                let mm = axis.resolution > 0 ? (axis.max - axis.min) / Double(axis.resolution) * 1000 : fallbackMM
                return mm / 25.4 * 96
            }
            translator.dependentTouchDevices[device.deviceid] = XI2Translator.PadGeometry(
                xAxis: 0, yAxis: 1, xRange: xAxis.min...xAxis.max, yRange: yAxis.min...yAxis.max,
                size: (points(xAxis, fallbackMM: 100), points(yAxis, fallbackMM: 60)))
        }
    }

    func handleXI(_ cookie: inout XGenericEventCookie) {
        guard XGetEventData(x.display, &cookie) != 0 else { return }
        defer { XFreeEventData(x.display, &cookie) }
        if debugInput { FileHandle.standardError.write(Data("glidepad: XI2 event \(cookie.evtype)\n".utf8)) }
        switch cookie.evtype {
        case XI_HierarchyChanged:
            discoverDevices()
            return
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let swipe = cookie.data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            lastServerTime = swipe.time
            if let input = translator.translate(cookie.evtype, swipe: swipe) {
                noteInput("swipe")
                feedGesture(input)
                // P4 with Shift held selects from the caret, as a two-finger hold does (T6).
                if cookie.evtype == XI_GestureSwipeBegin && swipe.mods.effective & Int32(ShiftMask) != 0 && gestures.isCursorActive {
                    editor.apply(.cursorHeld, at: monotonicNow())
                }
            }
            return
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = cookie.data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            lastServerTime = pinch.time
            if let input = translator.translate(cookie.evtype, pinch: pinch) { noteInput("pinch"); feedGesture(input) }
            return
        default:
            break
        }
        let event = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        lastServerTime = event.time
        if let input = translator.translate(cookie.evtype, event) {
            noteInput("touch")
            feedGesture(input)
            return
        }
        // Pointer events emulated from touches (and wheel clicks emulated from smooth
        // scrolling) were already handled as what they really are.
        if XI2Translator.isEmulatedPointer(event) { return }
        let point = Point(x: event.event_x / scale, y: event.event_y / scale)
        let shift = event.mods.effective & Int32(ShiftMask) != 0
        switch cookie.evtype {
        case XI_ButtonPress:
            noteInput("button \(event.detail)")
            buttonPressed(Int(event.detail), at: point, time: event.time, shift: shift)
        case XI_ButtonRelease:
            if event.detail == 1 && editor.isDragging {
                recorder?.record(.pointer(phase: .up, button: 1, x: point.x, y: point.y, clicks: lastClick.count), at: monotonicNow())
                editor.pointerUp(at: point)
            }
        case XI_Motion:
            noteInput("motion")
            smoothScroll(event)
            if editor.isDragging {
                recorder?.record(.pointer(phase: .move, button: 1, x: point.x, y: point.y, clicks: lastClick.count), at: monotonicNow())
                editor.pointerMoved(to: point)
                lastAutoscroll = monotonicNow()
            }
        default:
            break
        }
    }

    private func buttonPressed(_ button: Int, at point: Point, time: Time, shift: Bool) {
        switch button {
        case 1:
            let near = abs(point.x - lastClick.x) <= TextPadWindow.doubleClickDistance
                && abs(point.y - lastClick.y) <= TextPadWindow.doubleClickDistance
            let count = near && time &- lastClick.time <= TextPadWindow.doubleClickTime ? lastClick.count % 3 + 1 : 1
            lastClick = (time, point.x, point.y, count)
            recorder?.record(.pointer(phase: .down, button: 1, x: point.x, y: point.y, clicks: count), at: monotonicNow())
            editor.pointerDown(at: point, button: 1, clicks: count, shift: shift)
        case 2:
            selections.request(Atom(XA_PRIMARY), time: time) { [weak self] text in
                guard let self, let text else { return }
                // Recorded as what it does: a click at the point, then the text.
                recorder?.record(.pointer(phase: .down, button: 1, x: point.x, y: point.y, clicks: 1), at: monotonicNow())
                recorder?.record(.pointer(phase: .up, button: 1, x: point.x, y: point.y, clicks: 1), at: monotonicNow())
                recorder?.record(.text(text), at: monotonicNow())
                editor.pastePrimary(text, at: point)
            }
        case 4, 5:
            let dy = (button == 4 ? -3 : 3) * editor.layout.typesetter.lineHeight
            recorder?.record(.scroll(dx: 0, dy: dy), at: monotonicNow())
            editor.wheel(dy: dy)
        default:
            break
        }
    }

    /// Runs an input event through the gesture engine into the editor.
    func feedGesture(_ input: InputEvent) {
        let now = monotonicNow()
        recorder?.record(input, at: now)
        editor.apply(gestures.handle(input, at: now), at: now)
        editor.advanceAnimations(to: now)
    }

    /// Smooth scrolling: valuator deltas, one increment being one wheel click (three lines).
    private func smoothScroll(_ event: XIDeviceEvent) {
        guard !scrollValuators.isEmpty, let mask = event.valuators.mask else { return }
        var valueIndex = 0
        for bit in 0..<Int32(event.valuators.mask_len * 8) where glide_xi_mask_is_set(mask, bit) != 0 {
            defer { valueIndex += 1 }
            let key = event.deviceid << 8 | bit
            guard let axis = scrollValuators[key] else { continue }
            let value = event.valuators.values[valueIndex]
            if let last = lastValuatorValue[key], axis.vertical {
                let dy = (value - last) / axis.increment * 3 * editor.layout.typesetter.lineHeight
                recorder?.record(.scroll(dx: 0, dy: dy), at: monotonicNow())
                editor.wheel(dy: dy)
            }
            lastValuatorValue[key] = value
        }
    }
}
