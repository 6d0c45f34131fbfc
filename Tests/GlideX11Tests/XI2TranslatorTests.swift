import CX11
import Testing
@testable import GlideGestures
@testable import GlideX11

/// XI2 translation from real `XIDeviceEvent` / `XIGesture*Event` structs, as
/// XGetEventData hands them to the window.
@Suite("XInput2 translation")
struct XI2TranslatorTests {
    static let master: Int32 = 2
    static let slave: Int32 = 11

    func touch(_ evtype: Int32, id: Int32, x: Double, y: Double, device: Int32 = master, flags: Int32 = 0) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = evtype
        e.deviceid = device
        e.sourceid = Self.slave
        e.detail = id
        e.event_x = x
        e.event_y = y
        e.flags = flags
        return e
    }

    func translator(scale: Double = 1) -> XI2Translator {
        var t = XI2Translator()
        t.masterDevices = [Self.master]
        t.scale = scale
        return t
    }

    @Test("a touch sequence becomes begin, update, end in logical points")
    func sequence() {
        var t = translator(scale: 2)
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 5, x: 200, y: 100)) == .touch(phase: .begin, id: 5, x: 100, y: 50))
        #expect(t.translate(XI_TouchUpdate, touch(XI_TouchUpdate, id: 5, x: 210, y: 104)) == .touch(phase: .update, id: 5, x: 105, y: 52))
        #expect(t.translate(XI_TouchEnd, touch(XI_TouchEnd, id: 5, x: 210, y: 104)) == .touch(phase: .end, id: 5, x: 105, y: 52))
        #expect(t.activeTouches.isEmpty)
    }

    @Test("events arriving through both master and slave are taken once")
    func masterAndSlave() {
        var t = translator()
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 1, x: 1, y: 1)) != nil)
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 1, x: 1, y: 1, device: Self.slave)) == nil)
        #expect(t.translate(XI_TouchUpdate, touch(XI_TouchUpdate, id: 1, x: 2, y: 2, device: Self.slave)) == nil)
        #expect(t.translate(XI_TouchUpdate, touch(XI_TouchUpdate, id: 1, x: 2, y: 2)) != nil)
        // The end may come through the slave only (a grab is active): taken once.
        #expect(t.translate(XI_TouchEnd, touch(XI_TouchEnd, id: 1, x: 2, y: 2, device: Self.slave)) == .touch(phase: .end, id: 1, x: 2, y: 2))
        #expect(t.translate(XI_TouchEnd, touch(XI_TouchEnd, id: 1, x: 2, y: 2)) == nil)
    }

    @Test("touches that never began, or began twice, are ignored; a pending end cancels")
    func oddSequences() {
        var t = translator()
        #expect(t.translate(XI_TouchUpdate, touch(XI_TouchUpdate, id: 9, x: 1, y: 1)) == nil)
        #expect(t.translate(XI_TouchEnd, touch(XI_TouchEnd, id: 9, x: 1, y: 1)) == nil)
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 3, x: 1, y: 1)) != nil)
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 3, x: 1, y: 1)) == nil)
        #expect(t.translate(XI_TouchEnd, touch(XI_TouchEnd, id: 3, x: 1, y: 1, flags: Int32(XITouchPendingEnd)))
                == .touch(phase: .cancel, id: 3, x: 1, y: 1))
        #expect(t.translate(XI_TouchBegin, touch(XI_TouchBegin, id: 4, x: .nan, y: 1)) == nil)
    }

    @Test("pointer events emulated from touches are recognised, so they can be dropped")
    func emulatedPointer() {
        var press = touch(XI_ButtonPress, id: 1, x: 5, y: 5, flags: Int32(XIPointerEmulated))
        #expect(XI2Translator.isEmulatedPointer(press))
        press.flags = 0
        #expect(!XI2Translator.isEmulatedPointer(press))
        var t = translator()
        #expect(t.translate(XI_ButtonPress, press) == nil)
    }

    @Test("XI 2.4 swipes and pinches carry fingers, deltas and scale")
    func touchpadGestures() {
        let t = translator(scale: 2)
        var swipe = XIGestureSwipeEvent()
        swipe.detail = 3
        swipe.delta_x = 8
        swipe.delta_y = -4
        #expect(t.translate(XI_GestureSwipeUpdate, swipe: swipe) == .swipe(phase: .update, fingers: 3, dx: 4, dy: -2))
        swipe.flags = Int32(XIGestureSwipeEventCancelled)
        #expect(t.translate(XI_GestureSwipeEnd, swipe: swipe) == .swipe(phase: .cancel, fingers: 3, dx: 4, dy: -2))
        var pinch = XIGesturePinchEvent()
        pinch.detail = 2
        pinch.scale = 1.25
        #expect(t.translate(XI_GesturePinchBegin, pinch: pinch) == .pinch(phase: .begin, fingers: 2, scale: 1.25, dx: 0, dy: 0))
        pinch.scale = .nan
        #expect(t.translate(XI_GesturePinchUpdate, pinch: pinch) == nil)
    }

    @Test("a dependent-touch touchpad's positions come from its valuators, scaled to the pad's size")
    func dependentTouch() {
        var t = translator()
        let pad: Int32 = 14
        t.dependentTouchDevices[pad] = XI2Translator.PadGeometry(
            xAxis: 0, yAxis: 1, xRange: 0...1000, yRange: 0...500, size: (width: 400, height: 200))
        var mask: [UInt8] = [0b0000_0011]
        var values: [Double] = [250, 100]
        mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                var e = touch(XI_TouchBegin, id: 2, x: 700, y: 700)  // event_x/y: the pointer, not the finger
                e.sourceid = pad
                e.valuators.mask_len = 1
                e.valuators.mask = maskBuffer.baseAddress
                e.valuators.values = valueBuffer.baseAddress
                #expect(t.translate(XI_TouchBegin, e) == .padTouch(phase: .begin, id: 2, x: 100, y: 40))
                // An end without valuators ends where the touch last was.
                maskBuffer[0] = 0
                #expect(t.translate(XI_TouchEnd, e) == .padTouch(phase: .end, id: 2, x: 100, y: 40))
            }
        }
    }
}
