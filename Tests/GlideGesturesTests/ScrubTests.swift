import Testing
import GlideGestures
import GlideLayout

/// Traces of real-looking scrubs that must fire, and of near-misses that must not.
@Suite("Scrub recognition (T9, P5)")
struct ScrubTests {
    /// A one-finger stroke along `points` (x, y) at `interval` seconds per point.
    func oneFinger(_ points: [(Double, Double)], interval: Double = 0.016) -> [Intent] {
        var engine = GestureEngine()
        var intents: [Intent] = []
        var t = 0.0
        intents += engine.handle(.touch(phase: .begin, id: 1, x: points[0].0, y: points[0].1), at: t)
        for p in points.dropFirst() {
            t += interval
            intents += engine.handle(.touch(phase: .update, id: 1, x: p.0, y: p.1), at: t)
        }
        intents += engine.handle(.touch(phase: .end, id: 1, x: points.last!.0, y: points.last!.1), at: t + interval)
        return intents
    }

    /// Back-and-forth strokes of the given amplitudes, `steps` points each, with a
    /// drift of `drift` pt per point across the other axis.
    func zigzag(_ amplitudes: [Double], steps: Int = 8, start: (Double, Double) = (200, 200), drift: Double = 0.5, vertical: Bool = false) -> [(Double, Double)] {
        var points = [start]
        var (a, b) = start
        for amplitude in amplitudes {
            for _ in 0..<steps {
                a += amplitude / Double(steps)
                b += drift
                points.append(vertical ? (b, a) : (a, b))
            }
        }
        return points
    }

    @Test("one-finger scrubs fire: varied speed, amplitude and a slight diagonal", arguments: [
        ([170.0, -180, 160, -175, 150], 8, 0.016, 0.5),       // brisk, wide
        ([90.0, -100, 95, -90], 6, 0.016, 1.5),               // smaller, slightly diagonal
        ([250.0, -240, 260, -250, 240, -230], 10, 0.012, 0.2), // fast and wide
        ([60.0, -70, 65, -60, 70], 5, 0.02, 2.0),             // short strokes, more diagonal
    ])
    func oneFingerFires(amplitudes: [Double], steps: Int, interval: Double, drift: Double) {
        let intents = oneFinger(zigzag(amplitudes, steps: steps, drift: drift), interval: interval)
        #expect(intents.contains(.scrub))
        // After firing, nothing else happens for that touch.
        #expect(intents.last == .scrub)
    }

    @Test("a horizontal cursor move that reverses once or twice does not fire")
    func cursorReversals() {
        #expect(!oneFinger(zigzag([160, -60])).contains(.scrub))
        #expect(!oneFinger(zigzag([160, -90, 120])).contains(.scrub))
    }

    @Test("slow back-and-forth with one finger (reading, hunting for a spot) does not fire")
    func slowBackAndForth() {
        // 4 strokes of 100 pt at ~150 pt/s.
        #expect(!oneFinger(zigzag([100, -100, 100, -100], steps: 40), interval: 0.016).contains(.scrub))
    }

    @Test("small jittery moves at a line end do not fire")
    func jitter() {
        #expect(!oneFinger(zigzag([30, -25, 30, -28, 26, -30, 28], steps: 4)).contains(.scrub))
    }

    /// Two fingers moving together along `points`.
    func twoFingers(_ points: [(Double, Double)], interval: Double = 0.016) -> [Intent] {
        var engine = GestureEngine()
        var intents: [Intent] = []
        var t = 0.0
        intents += engine.handle(.touch(phase: .begin, id: 1, x: points[0].0, y: points[0].1), at: t)
        intents += engine.handle(.touch(phase: .begin, id: 2, x: points[0].0 + 50, y: points[0].1), at: t + 0.02)
        t += 0.02
        for p in points.dropFirst() {
            t += interval
            intents += engine.handle(.touch(phase: .update, id: 1, x: p.0, y: p.1), at: t)
            intents += engine.handle(.touch(phase: .update, id: 2, x: p.0 + 50, y: p.1), at: t)
        }
        return intents
    }

    @Test("two fingers scrub horizontally or vertically")
    func twoFingerScrubs() {
        #expect(twoFingers(zigzag([150, -160, 150, -140, 150])).contains(.scrub))
        #expect(twoFingers(zigzag([130, -140, 130, -120, 130], vertical: true)).contains(.scrub))
    }

    @Test("a two-finger free-cursor hunt — small, slow corrections around a spot — does not fire")
    func freeCursorHunt() {
        let hunt = zigzag([120, -40, 30, -25, 20, -15, 12], steps: 20, drift: 0.3)
        #expect(!twoFingers(hunt).contains(.scrub))
        let slowSearch = zigzag([200, -180, 160, -150], steps: 60, drift: 0.2)  // ~200 pt/s
        #expect(!twoFingers(slowSearch).contains(.scrub))
    }

    @Test("touchpad: a horizontal zigzag of two-finger scrolling or of a three-finger swipe scrubs; vertical scrolling does not")
    func touchpad() {
        var engine = GestureEngine()
        var t = 0.0
        var fired = false
        for amplitude in [120.0, -130, 120, -125, 120] {
            for _ in 0..<6 {
                t += 0.016
                fired = fired || engine.handle(.scroll(dx: amplitude / 6, dy: 0), at: t).contains(.scrub)
            }
        }
        #expect(fired)
        var vertical = GestureEngine()
        t = 0
        var verticalFired = false
        for amplitude in [120.0, -130, 120, -125, 120] {
            for _ in 0..<6 {
                t += 0.016
                verticalFired = verticalFired || vertical.handle(.scroll(dx: 0, dy: amplitude / 6), at: t).contains(.scrub)
            }
        }
        #expect(!verticalFired)
        var swipe = GestureEngine()
        t = 0
        var swipeFired = false
        _ = swipe.handle(.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0), at: t)
        for amplitude in [90.0, -90, 90, -90, 90] {
            for _ in 0..<6 {
                t += 0.016
                swipeFired = swipeFired || swipe.handle(.swipe(phase: .update, fingers: 3, dx: amplitude / 6, dy: 0), at: t).contains(.scrub)
            }
        }
        #expect(swipeFired)
    }

    @Test("with the scrub turned off in the settings, the same zigzag does not erase")
    func disabled() {
        var tuning = GestureTuning()
        tuning.scrubEnabled = false
        var engine = GestureEngine(tuning: tuning)
        var intents: [Intent] = []
        var t = 0.0
        let points = zigzag([170, -180, 160, -175, 150])
        intents += engine.handle(.touch(phase: .begin, id: 1, x: points[0].0, y: points[0].1), at: t)
        for p in points.dropFirst() {
            t += 0.016
            intents += engine.handle(.touch(phase: .update, id: 1, x: p.0, y: p.1), at: t)
        }
        #expect(!intents.contains(.scrub))
    }
}
