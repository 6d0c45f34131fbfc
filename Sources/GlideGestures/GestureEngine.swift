import Foundation
import GlideLayout

/// What the gesture engine asks the editor to do. Cursor translations are
/// cumulative since the cursor gesture began and already keep the offset when
/// fingers are added or lifted, so the editor just adds them to where it started.
public enum Intent: Equatable, Sendable {
    /// Scroll by `dy` points (positive: later text comes into view).
    case scroll(dy: Double)
    /// T2: put the caret at the insertion point closest to `point` (view points).
    case tap(at: Point)
    /// T4: a cursor gesture began; the floating caret appears at the caret.
    case cursorBegan
    /// T5: the virtual cursor point has moved by this much since the gesture began.
    case cursorTranslation(dx: Double, dy: Double)
    /// T3: a one-finger horizontal cursor began (the floating caret appears).
    case horizontalCursorBegan
    /// T3: the finger has moved this far horizontally since the gesture began
    /// (its vertical movement is ignored).
    case horizontalTranslation(dx: Double)
    /// The cursor gesture ended; the floating caret glides home.
    case cursorEnded
    /// T6: the two fingers were held still before they started to move: the pan
    /// that follows selects (sent just before its first translation).
    case cursorHeld
    /// T9 / P5: a zigzag was recognised: erase everything (with smoke). Any cursor
    /// gesture in progress is abandoned, its caret moves undone.
    case scrub
    /// P6: the pinch opened (expand the selection a step) or closed (shrink it).
    case expandSelection
    case shrinkSelection
    /// T8: two fingers tapped `count` times (1–3) at `point`: select the word,
    /// sentence or paragraph there.
    case twoFingerTap(at: Point, count: Int)
}

/// Turns touch, touchpad and scroll events into intents (GESTURES.md T1, T2, T4,
/// T5, P2, P4). Pure and deterministic: time comes with each event, and `tick(at:)`
/// drives kinetic scrolling between events.
///
/// One finger: a tap (short, still) or a scroll (once it moves past the slop).
/// Two fingers (the second within `twoFingerWindow` of the first, before it moved):
/// the free cursor. Its virtual touch point is the centroid of the fingers down;
/// when a finger lands or lifts, the offset between that centroid and the cursor
/// point is kept, so nothing jumps and one finger can carry on a two-finger pan.
/// Scrolling is locked until every finger is up.
public struct GestureEngine: Sendable {
    public var tuning: GestureTuning

    private struct Finger: Sendable {
        var start: Point
        var current: Point
        var startTime: Double
    }

    private enum Mode: Sendable, Equatable {
        case idle
        case undecided
        case scrolling
        case horizontal
        case cursor
        /// Fingers stay down after a gesture was cancelled or finished oddly; wait
        /// for all of them to lift.
        case ignoring
    }

    private var fingers: [Int: Finger] = [:]
    private var mode = Mode.idle
    /// Cursor gestures: the translation so far, and the centroid it is measured from.
    private var translation = Point.zero
    private var anchor = Point.zero
    /// Scrolling: recent (time, y) samples for the release velocity.
    private var samples: [(time: Double, y: Double)] = []
    private var lastY = 0.0
    private var kineticVelocity = 0.0
    private var lastTick = 0.0
    /// A touchpad three-finger swipe driving the cursor.
    private var swiping = false
    /// The finger driving a horizontal cursor.
    private var horizontalFinger = 0
    /// Two-finger taps: whether the fingers moved, when the gesture began, and the
    /// last tap (for double and triple taps).
    private var cursorMoved = false
    private var cursorStart = 0.0
    private var lastTwoFingerTap: (time: Double, point: Point, count: Int)?
    /// Zigzag detectors of the running gesture: one finger's x (horizontal cursor),
    /// two fingers' x and y, the touchpad's horizontal scroll and swipe.
    private var scrubX: ScrubDetector?
    private var scrubY: ScrubDetector?
    private var scrollScrub: ScrubDetector?
    private var scrollScrubPosition = 0.0
    private var swipeTime = 0.0
    /// P3: the touchpad horizontal cursor and its translation so far.
    private var scrollCursor = false
    private var scrollCursorTranslation = 0.0
    /// P6: the pinch scale at the last step.
    private var pinchBase = 1.0
    private var lastScrollTime = -1.0
    /// Where a two-finger tap is: the centroid when the first of its fingers lifts.
    private var tapPoint: Point?

    public init(tuning: GestureTuning = .standard) { self.tuning = tuning }

    /// Whether `tick(at:)` has work (a kinetic scroll running, a touchpad horizontal
    /// cursor waiting for its scroll to stop).
    public var needsTicks: Bool { kineticVelocity != 0 || scrollCursor }

    /// Whether a cursor gesture (touch or touchpad) is running.
    public var isCursorActive: Bool { mode == .cursor || mode == .horizontal || swiping }

    // MARK: Events

    public mutating func handle(_ event: InputEvent, at time: Double) -> [Intent] {
        switch event {
        case let .touch(phase, id, x, y):
            guard x.isFinite, y.isFinite, time.isFinite else { return [] }
            return touch(phase, id: id, at: Point(x: x, y: y), time: time)
        case let .scroll(dx, dy):
            // P2: the touchpad's two-finger scroll (and the wheel). Locked during a
            // cursor gesture. P5: a horizontal zigzag of it scrubs.
            guard dx.isFinite, dy.isFinite, !isCursorActive else { return [] }
            if tuning.scrubEnabled && (time - lastScrollTime > 0.3 || scrollScrub == nil) {
                scrollScrub = ScrubDetector(tuning: tuning)
                scrollScrubPosition = 0
                _ = scrollScrub?.feed(0, at: time)
            }
            // P3: a scroll that starts clearly horizontal drives the horizontal cursor
            // (lines wrap, so there is no horizontal scrolling to lose).
            let newSequence = time - lastScrollTime > tuning.scrollGestureGap
            lastScrollTime = time
            var intents: [Intent] = []
            if newSequence && !scrollCursor && dx != 0 && abs(dx) >= tuning.horizontalRatio * abs(dy) {
                scrollCursor = true
                scrollCursorTranslation = 0
                intents.append(.horizontalCursorBegan)
            }
            if dx != 0 {
                scrollScrubPosition += dx
                if scrollScrub?.feed(scrollScrubPosition, at: time) == true {
                    scrollScrub = nil
                    scrollCursor = false
                    return [.scrub]
                }
            }
            if scrollCursor {
                // Fingers moving right scroll the content right (dx < 0): the caret goes right.
                scrollCursorTranslation -= dx
                return intents + [.horizontalTranslation(dx: scrollCursorTranslation)]
            }
            guard dy != 0 else { return intents }
            kineticVelocity = 0
            return intents + [.scroll(dy: dy)]
        case let .swipe(phase, fingers, dx, dy):
            guard fingers >= 3, dx.isFinite, dy.isFinite, time.isFinite else { return [] }
            swipeTime = time
            return swipe(phase, dx: dx, dy: dy)
        case let .pinch(phase, _, scale, _, _):
            guard scale.isFinite, scale > 0 else { return [] }
            return pinch(phase, scale: scale)
        case let .padTouch(phase, id, x, y):
            guard x.isFinite, y.isFinite, time.isFinite else { return [] }
            return padTouch(phase, id: id, at: Point(x: x, y: y))
        default:
            return []
        }
    }

    /// Advances kinetic scrolling to `time`, and ends a touchpad horizontal cursor
    /// whose scrolling stopped.
    public mutating func tick(at time: Double) -> [Intent] {
        if scrollCursor && time - lastScrollTime > tuning.scrollGestureGap {
            scrollCursor = false
            return [.cursorEnded]
        }
        guard kineticVelocity != 0 else { return [] }
        let dt = max(0, min(0.1, time - lastTick))
        lastTick = time
        let decay = pow(tuning.kineticDecayPerSecond, dt)
        // Distance travelled while decaying exponentially over dt.
        let distance = kineticVelocity * (decay - 1) / log(tuning.kineticDecayPerSecond)
        kineticVelocity *= decay
        if abs(kineticVelocity) < tuning.kineticStopSpeed { kineticVelocity = 0 }
        return distance == 0 ? [] : [.scroll(dy: distance)]
    }

    // MARK: Touch

    private mutating func touch(_ phase: TouchPhase, id: Int, at point: Point, time: Double) -> [Intent] {
        switch phase {
        case .begin:
            kineticVelocity = 0
            if fingers[id] != nil { return touch(.update, id: id, at: point, time: time) }
            fingers[id] = Finger(start: point, current: point, startTime: time)
            switch mode {
            case .idle:
                mode = .undecided
                lastY = point.y
                samples = [(time, point.y)]
                return []
            case .undecided:
                let first = fingers.values.min { $0.startTime < $1.startTime }!
                if time - first.startTime <= tuning.twoFingerWindow {
                    mode = .cursor
                    anchor = centroid
                    translation = .zero
                    cursorMoved = false
                    cursorStart = first.startTime
                    tapPoint = nil
                    scrubX = tuning.scrubEnabled ? ScrubDetector(tuning: tuning) : nil
                    scrubY = tuning.scrubEnabled ? ScrubDetector(tuning: tuning) : nil
                    _ = scrubX?.feed(0, at: time)
                    _ = scrubY?.feed(0, at: time)
                    return [.cursorBegan]
                }
                // Too late for a two-finger gesture: the first finger scrolls on.
                mode = .scrolling
                return []
            case .cursor:
                // A finger joins: keep the cursor where it is, measure from the new centroid.
                anchor = centroid
                return []
            case .scrolling, .horizontal, .ignoring:
                return []
            }
        case .update:
            guard var finger = fingers[id] else { return [] }
            finger.current = point
            fingers[id] = finger
            switch mode {
            case .undecided:
                // Decided once, from the first movement past the slop.
                if distance(finger.start, point) > tuning.slop {
                    let dx = point.x - finger.start.x, dy = point.y - finger.start.y
                    if abs(dx) >= tuning.horizontalRatio * abs(dy) {
                        mode = .horizontal
                        horizontalFinger = id
                        scrubX = tuning.scrubEnabled ? ScrubDetector(tuning: tuning) : nil
                        _ = scrubX?.feed(finger.start.x, at: finger.startTime)
                        _ = scrubX?.feed(point.x, at: time)
                        return [.horizontalCursorBegan, .horizontalTranslation(dx: dx)]
                    }
                    mode = .scrolling
                    return scrollStep(to: point.y, time: time)
                }
                return []
            case .horizontal:
                guard id == horizontalFinger else { return [] }
                if scrubX?.feed(point.x, at: time) == true { return scrubFired() }
                return [.horizontalTranslation(dx: point.x - finger.start.x)]
            case .scrolling:
                guard fingers.count == 1 || id == fingers.keys.min() else { return [] }
                return scrollStep(to: point.y, time: time)
            case .cursor:
                var intents: [Intent] = []
                if !cursorMoved && distance(finger.start, point) > tuning.slop {
                    cursorMoved = true
                    if time - cursorStart >= tuning.holdDuration { intents.append(.cursorHeld) }
                }
                let c = centroid
                let moved = Point(x: translation.x + c.x - anchor.x, y: translation.y + c.y - anchor.y)
                translation = moved
                anchor = c
                let zigX = scrubX?.feed(moved.x, at: time) == true
                let zigY = scrubY?.feed(moved.y, at: time) == true
                if zigX || zigY { return scrubFired() }
                return intents + [.cursorTranslation(dx: moved.x, dy: moved.y)]
            case .idle, .ignoring:
                return []
            }
        case .end, .cancel:
            guard let finger = fingers.removeValue(forKey: id) else { return [] }
            defer { if fingers.isEmpty { mode = .idle } }
            switch mode {
            case .undecided:
                let still = distance(finger.start, point) <= tuning.slop
                if phase == .end && fingers.isEmpty && still && time - finger.startTime <= tuning.tapDuration {
                    return [.tap(at: point)]
                }
                if !fingers.isEmpty { mode = .ignoring }
                return []
            case .scrolling:
                if fingers.isEmpty && phase == .end { startKinetic(time: time) }
                return []
            case .cursor:
                if fingers.isEmpty {
                    guard phase == .end, !cursorMoved, time - cursorStart <= tuning.tapDuration else { return [.cursorEnded] }
                    // T8: a two-finger tap, maybe the second or third in a row.
                    let at = tapPoint ?? finger.current
                    var count = 1
                    if let last = lastTwoFingerTap, time - last.time <= tuning.multiTapInterval,
                       distance(last.point, at) <= tuning.multiTapDistance, last.count < 3 {
                        count = last.count + 1
                    }
                    lastTwoFingerTap = (time, at, count)
                    return [.cursorEnded, .twoFingerTap(at: at, count: count)]
                }
                if fingers.count == 1 && !cursorMoved, let other = fingers.values.first {
                    tapPoint = Point(x: (other.current.x + finger.current.x) / 2, y: (other.current.y + finger.current.y) / 2)
                }
                anchor = centroid
                return []
            case .horizontal:
                guard id == horizontalFinger else { return [] }
                if !fingers.isEmpty { mode = .ignoring }
                return [.cursorEnded]
            case .idle, .ignoring:
                return []
            }
        }
    }

    private mutating func scrollStep(to y: Double, time: Double) -> [Intent] {
        let dy = lastY - y  // finger up → content up → later text: positive
        lastY = y
        samples.append((time, y))
        samples.removeAll { time - $0.time > tuning.velocityWindow }
        return dy == 0 ? [] : [.scroll(dy: dy)]
    }

    private mutating func startKinetic(time: Double) {
        guard let first = samples.first, let last = samples.last, last.time > first.time,
              time - last.time <= tuning.velocityWindow
        else { return }
        let velocity = (first.y - last.y) / (last.time - first.time)
        if abs(velocity) >= tuning.kineticMinimumSpeed {
            kineticVelocity = velocity
            lastTick = time
        }
    }

    // MARK: Touchpad

    private mutating func swipe(_ phase: GesturePhase, dx: Double, dy: Double) -> [Intent] {
        // (swipeTime is the event's time, set by handle.)
        switch phase {
        case .begin:
            guard mode == .idle else { return [] }
            kineticVelocity = 0
            swiping = true
            scrubX = tuning.scrubEnabled ? ScrubDetector(tuning: tuning) : nil
            _ = scrubX?.feed(0, at: swipeTime)
            translation = Point(x: dx * tuning.swipeCursorGain, y: dy * tuning.swipeCursorGain)
            return [.cursorBegan] + (dx != 0 || dy != 0 ? [.cursorTranslation(dx: translation.x, dy: translation.y)] : [])
        case .update:
            guard swiping else { return [] }
            translation.x += dx * tuning.swipeCursorGain
            translation.y += dy * tuning.swipeCursorGain
            if scrubX?.feed(translation.x, at: swipeTime) == true {
                swiping = false
                return [.scrub]
            }
            return [.cursorTranslation(dx: translation.x, dy: translation.y)]
        case .end, .cancel:
            guard swiping else { return [] }
            swiping = false
            return [.cursorEnded]
        }
    }

    /// P6: each `pinchStep` the pinch opens expands the selection a step; each it
    /// closes shrinks it.
    private mutating func pinch(_ phase: GesturePhase, scale: Double) -> [Intent] {
        switch phase {
        case .begin:
            pinchBase = scale
            return []
        case .update:
            var intents: [Intent] = []
            while scale >= pinchBase * tuning.pinchStep {
                pinchBase *= tuning.pinchStep
                intents.append(.expandSelection)
            }
            while scale <= pinchBase / tuning.pinchStep {
                pinchBase /= tuning.pinchStep
                intents.append(.shrinkSelection)
            }
            return intents
        case .end, .cancel:
            pinchBase = 1
            return []
        }
    }

    /// The zigzag fired: the gesture is over; what the fingers do until they lift
    /// is ignored.
    private mutating func scrubFired() -> [Intent] {
        mode = fingers.isEmpty ? .idle : .ignoring
        scrubX = nil
        scrubY = nil
        return [.scrub]
    }

    // MARK: Touchpad raw touches

    /// Touchpads that report raw touches (XIDependentTouch) feed the same rules as
    /// their gesture events: two fingers moving scroll (P2), three or more drive the
    /// free cursor (P4). The pointer, not the finger, is on the text, so there is no
    /// tap or one-finger rule here (one finger moves the pointer).
    private var padFingers: [Int: Point] = [:]
    private var padCentroid = Point.zero
    private var padCursor = false

    private mutating func padTouch(_ phase: TouchPhase, id: Int, at point: Point) -> [Intent] {
        var intents: [Intent] = []
        switch phase {
        case .begin:
            padFingers[id] = point
        case .update:
            guard padFingers[id] != nil else { return [] }
            padFingers[id] = point
            let c = Self.centroid(of: padFingers)
            let dx = c.x - padCentroid.x, dy = c.y - padCentroid.y
            if padFingers.count >= 3 {
                if !padCursor && !isCursorActive {
                    padCursor = true
                    swiping = true
                    translation = .zero
                    intents.append(.cursorBegan)
                }
                if padCursor {
                    translation.x += dx * tuning.swipeCursorGain
                    translation.y += dy * tuning.swipeCursorGain
                    intents.append(.cursorTranslation(dx: translation.x, dy: translation.y))
                }
            } else if padFingers.count == 2 && !isCursorActive && dy != 0 {
                // Content follows the fingers, as with natural scrolling on a touchpad.
                intents.append(.scroll(dy: -dy))
            }
        case .end, .cancel:
            guard padFingers.removeValue(forKey: id) != nil else { return [] }
            if padCursor && padFingers.count < 3 {
                padCursor = false
                swiping = false
                intents.append(.cursorEnded)
            }
        }
        // Measure the next movement from the fingers now down, so a finger landing or
        // lifting never counts as movement.
        padCentroid = Self.centroid(of: padFingers)
        return intents
    }

    private static func centroid(of points: [Int: Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        let n = Double(points.count)
        let sum = points.values.reduce(Point.zero) { Point(x: $0.x + $1.x, y: $0.y + $1.y) }
        return Point(x: sum.x / n, y: sum.y / n)
    }

    private var centroid: Point {
        let n = Double(fingers.count)
        guard n > 0 else { return .zero }
        let sum = fingers.values.reduce(Point.zero) { Point(x: $0.x + $1.current.x, y: $0.y + $1.current.y) }
        return Point(x: sum.x / n, y: sum.y / n)
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
