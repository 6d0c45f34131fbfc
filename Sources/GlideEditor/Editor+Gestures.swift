import Foundation
import GlideGestures
import GlideLayout

/// The dual caret of cursor gestures (GESTURES.md T4/T5): while the gesture runs,
/// the floating caret follows the virtual cursor point in the tint colour and the
/// real caret (grey) jumps to the closest insertion point. Animations are functions
/// of the injected clock, so a frame at time t is reproducible.
extension Editor {
    /// How the floating caret swells and glides home (seconds and scale factors).
    /// The swell is as quick as the glide; Flutter's floating cursor uses 125 ms.
    public enum FloatingCaretAnimation {
        public static let swellUp = 0.09
        public static let settle = 0.16
        public static let peakScale = 1.5
        public static let movingScale = 1.2
        public static let movingOpacity = 0.72
        public static let glideHome = 0.125
        /// Auto-scroll starts this close to the top or bottom edge…
        public static let edgeZone = 36.0
        /// …and runs at this many points per second per point past the zone's start.
        public static let edgeSpeed = 14.0
    }

    struct CursorGesture {
        var began: Double
        /// The virtual cursor point when the gesture began (the caret's centre), in view points.
        var origin: Point
        var translation = Point.zero
        /// Set when the fingers lifted: the glide home runs from here.
        var ended: (time: Double, from: Point, scale: Double, opacity: Double)?
        var lastAdvance: Double
    }

    /// Whether a cursor gesture is running (the floating caret follows the fingers).
    public var isCursorGestureActive: Bool { cursorGesture != nil && cursorGesture?.ended == nil }

    /// Whether `advanceAnimations(to:)` should be called at display rate.
    public var isAnimating: Bool { cursorGesture != nil }

    /// Applies the gesture engine's intents at `time`.
    public func apply(_ intents: [Intent], at time: Double) {
        for intent in intents { apply(intent, at: time) }
    }

    public func apply(_ intent: Intent, at time: Double) {
        switch intent {
        case let .scroll(dy):
            scroll(by: dy)
        case let .tap(point):
            let (offset, affinity) = layout.closestCaret(to: point)
            select(.caret(offset), affinity: affinity)
        case .cursorBegan:
            let caret = caretViewRect
            cursorGesture = CursorGesture(began: time, origin: Point(x: caret.midX, y: caret.midY), lastAdvance: time)
            advanceAnimations(to: time)
        case let .cursorTranslation(dx, dy):
            guard var gesture = cursorGesture, gesture.ended == nil else { return }
            gesture.translation = Point(x: dx, y: dy)
            cursorGesture = gesture
            followVirtualPoint()
            advanceAnimations(to: time)
        case .cursorEnded:
            guard var gesture = cursorGesture, gesture.ended == nil else { return }
            let current = floatingCaret ?? FloatingCaret(position: virtualPoint(gesture))
            gesture.ended = (time, current.position, current.scale, current.opacity)
            cursorGesture = gesture
            advanceAnimations(to: time)
        }
    }

    /// Moves the animations (swell, glide home, edge auto-scroll) to `time`.
    public func advanceAnimations(to time: Double) {
        guard var gesture = cursorGesture else { return }
        let A = FloatingCaretAnimation.self
        if let ended = gesture.ended {
            let t = min(1, (time - ended.time) / A.glideHome)
            if t >= 1 {
                cursorGesture = nil
                floatingCaret = nil
                return
            }
            // Decelerating: cubic ease-out into the real caret.
            let e = 1 - pow(1 - t, 3)
            let target = caretViewRect
            let position = Point(x: ended.from.x + (target.midX - ended.from.x) * e,
                                 y: ended.from.y + (target.midY - ended.from.y) * e)
            floatingCaret = FloatingCaret(position: position, scale: ended.scale + (1 - ended.scale) * e,
                                          opacity: ended.opacity + (1 - ended.opacity) * e)
            return
        }
        // Near the top or bottom edge, scroll — faster the further in — and let the
        // caret follow the point through the text that comes into view.
        let dt = max(0, time - gesture.lastAdvance)
        gesture.lastAdvance = time
        cursorGesture = gesture
        let point = virtualPoint(gesture)
        let height = layout.viewportSize.height
        var speed = 0.0
        if point.y < A.edgeZone { speed = -(A.edgeZone - point.y) * A.edgeSpeed }
        if point.y > height - A.edgeZone { speed = (point.y - (height - A.edgeZone)) * A.edgeSpeed }
        if speed != 0 && dt > 0 {
            scroll(by: speed * min(dt, 0.1))
            followVirtualPoint()
        }
        let age = time - gesture.began
        let scale: Double
        if age < A.swellUp {
            scale = 1 + (A.peakScale - 1) * easeOut(age / A.swellUp)
        } else if age < A.swellUp + A.settle {
            scale = A.peakScale + (A.movingScale - A.peakScale) * easeOut((age - A.swellUp) / A.settle)
        } else {
            scale = A.movingScale
        }
        let opacity = 1 + (A.movingOpacity - 1) * easeOut(min(1, age / A.swellUp))
        floatingCaret = FloatingCaret(position: point, scale: scale, opacity: opacity)
    }

    /// Whether the edge auto-scroll is running (the window keeps ticking for it).
    public var isAutoscrollingCursor: Bool {
        guard let gesture = cursorGesture, gesture.ended == nil else { return false }
        let y = virtualPoint(gesture).y
        return y < FloatingCaretAnimation.edgeZone || y > layout.viewportSize.height - FloatingCaretAnimation.edgeZone
    }

    private func virtualPoint(_ gesture: CursorGesture) -> Point {
        Point(x: gesture.origin.x + gesture.translation.x, y: gesture.origin.y + gesture.translation.y)
    }

    /// The real caret goes to the insertion point closest to the virtual cursor point.
    private func followVirtualPoint() {
        guard let gesture = cursorGesture else { return }
        let (offset, affinity) = layout.closestCaret(to: virtualPoint(gesture))
        if offset != selection.head || !selection.isEmpty || affinity != caretAffinity {
            // Scrolling is locked during the gesture: only the edge zone scrolls.
            select(.caret(offset), affinity: affinity, reveal: false)
        }
    }

    private func easeOut(_ t: Double) -> Double { 1 - pow(1 - max(0, min(1, t)), 3) }
}
