import Testing
import GlideGestures
import GlideLayout

@Suite("Gesture engine")
struct GestureEngineTests {
    /// Feeds events and collects every intent.
    struct Run {
        var engine = GestureEngine()
        var intents: [Intent] = []
        mutating func touch(_ phase: TouchPhase, _ id: Int, _ x: Double, _ y: Double, at t: Double) {
            intents += engine.handle(.touch(phase: phase, id: id, x: x, y: y), at: t)
        }
        var scrolled: Double { intents.reduce(0) { if case let .scroll(dy) = $1 { return $0 + dy } else { return $0 } } }
        var lastTranslation: Point? {
            for intent in intents.reversed() { if case let .cursorTranslation(dx, dy) = intent { return Point(x: dx, y: dy) } }
            return nil
        }
    }

    @Test("a short still touch is a tap; a long or moving one is not")
    func taps() {
        var run = Run()
        run.touch(.begin, 1, 100, 100, at: 0)
        run.touch(.update, 1, 103, 102, at: 0.1)
        run.touch(.end, 1, 103, 102, at: 0.2)
        #expect(run.intents == [.tap(at: Point(x: 103, y: 102))])
        var long = Run()
        long.touch(.begin, 1, 100, 100, at: 0)
        long.touch(.end, 1, 100, 100, at: 0.36)
        #expect(long.intents.isEmpty)
        var moved = Run()
        moved.touch(.begin, 1, 100, 100, at: 0)
        moved.touch(.update, 1, 100, 111, at: 0.05)
        moved.touch(.end, 1, 100, 111, at: 0.1)
        #expect(!moved.intents.contains(.tap(at: Point(x: 100, y: 111))))
    }

    @Test("one finger scrolls by exactly the finger's travel, and flings when released fast")
    func scrollAndFling() {
        var run = Run()
        run.touch(.begin, 1, 200, 400, at: 0)
        var y = 400.0
        for i in 1...10 {
            y -= 20
            run.touch(.update, 1, 200, y, at: Double(i) * 0.016)
        }
        #expect(run.scrolled == 200)
        run.touch(.end, 1, 200, y, at: 0.165)
        #expect(run.engine.needsTicks)
        var t = 0.165
        var fling = 0.0
        while run.engine.needsTicks && t < 10 {
            t += 1.0 / 60
            for case let .scroll(dy) in run.engine.tick(at: t) { fling += dy }
        }
        #expect(fling > 200)   // ~1250 pt/s released
        #expect(t < 5)         // and it comes to rest
        // A slow drag that ends does not fling.
        var slow = Run()
        slow.touch(.begin, 1, 200, 400, at: 0)
        slow.touch(.update, 1, 200, 380, at: 0.5)
        slow.touch(.update, 1, 200, 378, at: 0.6)
        slow.touch(.end, 1, 200, 378, at: 0.7)
        #expect(!slow.engine.needsTicks)
    }

    @Test("two fingers: the free cursor follows the centroid and never scrolls")
    func freeCursor() {
        var run = Run()
        run.touch(.begin, 1, 100, 100, at: 0)
        run.touch(.begin, 2, 140, 100, at: 0.05)
        #expect(run.intents == [.cursorBegan])
        run.touch(.update, 1, 130, 160, at: 0.1)
        run.touch(.update, 2, 170, 160, at: 0.1)
        #expect(run.lastTranslation == Point(x: 30, y: 60))
        #expect(run.scrolled == 0)
        run.touch(.end, 1, 130, 160, at: 0.2)
        run.touch(.end, 2, 170, 160, at: 0.2)
        #expect(run.intents.last == .cursorEnded)
    }

    @Test("lifting a finger mid-pan and adding it back does not make the cursor jump")
    func liftAndRejoin() {
        var run = Run()
        run.touch(.begin, 1, 100, 100, at: 0)
        run.touch(.begin, 2, 200, 100, at: 0.02)
        run.touch(.update, 1, 110, 100, at: 0.05)
        run.touch(.update, 2, 210, 100, at: 0.05)
        let before = run.lastTranslation!
        // Lift finger 2: the centroid jumps from 160 to 110, the cursor must not.
        run.touch(.end, 2, 210, 100, at: 0.1)
        run.touch(.update, 1, 115, 100, at: 0.12)
        #expect(run.lastTranslation == Point(x: before.x + 5, y: 0))
        // A new finger lands far away: again no jump.
        run.touch(.begin, 3, 400, 300, at: 0.15)
        run.touch(.update, 1, 117, 100, at: 0.17)
        #expect(run.lastTranslation == Point(x: before.x + 5 + 1, y: 0))  // centroid moved by 2/2
        #expect(!run.intents.contains(.cursorEnded))
    }

    @Test("a second finger after the two-finger window does not start the cursor")
    func lateSecondFinger() {
        var run = Run()
        run.touch(.begin, 1, 100, 100, at: 0)
        run.touch(.begin, 2, 140, 100, at: 0.25)
        #expect(!run.intents.contains(.cursorBegan))
    }

    @Test("touchpad: two-finger scroll scrolls; a three-finger swipe drives the cursor, and locks scrolling")
    func touchpad() {
        var engine = GestureEngine()
        #expect(engine.handle(.scroll(dx: 0, dy: 12), at: 0) == [.scroll(dy: 12)])
        #expect(engine.handle(.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0), at: 0.1) == [.cursorBegan])
        #expect(engine.handle(.swipe(phase: .update, fingers: 3, dx: 10, dy: 4), at: 0.12) == [.cursorTranslation(dx: 15, dy: 6)])
        #expect(engine.handle(.scroll(dx: 0, dy: 30), at: 0.13).isEmpty)
        #expect(engine.handle(.swipe(phase: .end, fingers: 3, dx: 0, dy: 0), at: 0.2) == [.cursorEnded])
        // Two-finger swipes are not cursor gestures.
        #expect(engine.handle(.swipe(phase: .begin, fingers: 2, dx: 0, dy: 0), at: 0.3).isEmpty)
    }

    @Test("fuzz: a million random, malformed and out-of-order events never crash or hang")
    func fuzz() {
        var engine = GestureEngine()
        var state: UInt64 = 12345
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        var t = 0.0
        var begun = 0, ended = 0
        for _ in 0..<1_000_000 {
            t += Double(next() % 40) / 1000
            let id = Int(next() % 22)  // up to 22 fingers, duplicate ids
            let weird = next() % 50 == 0
            let x = weird ? [Double.nan, .infinity, -1e300, 1e300][Int(next() % 4)] : Double(next() % 2000) - 100
            let y = Double(next() % 1200) - 100
            let phases: [TouchPhase] = [.begin, .update, .update, .update, .end, .cancel]
            let event: InputEvent
            switch next() % 10 {
            case 0: event = .scroll(dx: 0, dy: Double(next() % 100) - 50)
            case 1: event = .swipe(phase: [.begin, .update, .end, .cancel][Int(next() % 4)], fingers: Int(next() % 5), dx: x, dy: y)
            default: event = .touch(phase: phases[Int(next() % 6)], id: id, x: x, y: y)
            }
            let intents = engine.handle(event, at: weird && next() % 2 == 0 ? t - 5 : t) + engine.tick(at: t)
            for intent in intents {
                switch intent {
                case .cursorBegan, .horizontalCursorBegan: begun += 1
                case .cursorHeld, .scrub, .expandSelection, .shrinkSelection: break
                case let .twoFingerTap(p, count): precondition(p.x.isFinite && (1...3).contains(count))
                case let .horizontalTranslation(dx): precondition(dx.isFinite)
                case .cursorEnded: ended += 1
                case let .cursorTranslation(dx, dy): precondition(dx.isFinite && dy.isFinite)
                case let .scroll(dy): precondition(dy.isFinite)
                case let .tap(p): precondition(p.x.isFinite && p.y.isFinite)
                }
            }
        }
        // Every cursor gesture that ended had begun, and some did.
        #expect(ended <= begun)
        #expect(begun > 0)
        // Whatever happened, once every finger is up the engine works normally again.
        for id in 0..<22 { _ = engine.handle(.touch(phase: .cancel, id: id, x: 0, y: 0), at: t) }
        _ = engine.handle(.swipe(phase: .cancel, fingers: 3, dx: 0, dy: 0), at: t)
        #expect(engine.handle(.touch(phase: .begin, id: 1, x: 10, y: 10), at: t + 1).isEmpty)
        #expect(engine.handle(.touch(phase: .begin, id: 2, x: 50, y: 10), at: t + 1.05) == [.cursorBegan])
    }

    @Test("touchpad raw touches: two fingers scroll, three drive the cursor, a landing finger moves nothing")
    func padTouches() {
        var engine = GestureEngine()
        var intents: [Intent] = []
        func pad(_ phase: TouchPhase, _ id: Int, _ x: Double, _ y: Double) {
            intents += engine.handle(.padTouch(phase: phase, id: id, x: x, y: y), at: 0)
        }
        pad(.begin, 1, 10, 50)
        pad(.begin, 2, 30, 50)
        pad(.update, 1, 10, 40)
        pad(.update, 2, 30, 40)
        #expect(intents == [.scroll(dy: 5), .scroll(dy: 5)])
        intents.removeAll()
        pad(.begin, 3, 90, 90)      // a third finger lands far away: no movement
        pad(.update, 3, 94, 90)     // centroid moves 4/3
        #expect(intents.first == .cursorBegan)
        guard case let .cursorTranslation(dx, dy) = intents.last else {
            Issue.record("expected a cursor translation")
            return
        }
        #expect(abs(dx - 2) < 1e-9 && dy == 0)  // 4/3 × 1.5 gain
        pad(.end, 3, 94, 90)
        #expect(intents.last == .cursorEnded)
    }
}

@Suite("Horizontal cursor decision (T1 vs T3)")
struct HorizontalDecisionTests {
    func firstIntents(dx: Double, dy: Double) -> [Intent] {
        var engine = GestureEngine()
        _ = engine.handle(.touch(phase: .begin, id: 1, x: 100, y: 100), at: 0)
        return engine.handle(.touch(phase: .update, id: 1, x: 100 + dx, y: 100 + dy), at: 0.05)
    }

    @Test("clearly horizontal (|dx| ≥ 2|dy|) moves the cursor; steeper strokes, 45° included, scroll",
          arguments: [(20.0, 9.9, true), (-20.0, 9.9, true), (20.0, 10.1, false), (15.0, 15.0, false), (0.0, 20.0, false), (-30.0, -14.0, true)])
    func decision(dx: Double, dy: Double, horizontal: Bool) {
        let intents = firstIntents(dx: dx, dy: dy)
        if horizontal {
            #expect(intents.first == .horizontalCursorBegan)
        } else if case let .scroll(scrolled) = intents.first {
            #expect(abs(scrolled + dy) < 1e-9)
        } else {
            Issue.record("expected a scroll, got \(intents)")
        }
    }

    @Test("the decision is made once: a horizontal stroke that turns vertical stays a cursor")
    func decidedOnce() {
        var engine = GestureEngine()
        _ = engine.handle(.touch(phase: .begin, id: 1, x: 100, y: 100), at: 0)
        _ = engine.handle(.touch(phase: .update, id: 1, x: 125, y: 102), at: 0.05)
        #expect(engine.handle(.touch(phase: .update, id: 1, x: 130, y: 200), at: 0.1) == [.horizontalTranslation(dx: 30)])
        #expect(engine.handle(.touch(phase: .end, id: 1, x: 130, y: 200), at: 0.15) == [.cursorEnded])
    }
}
