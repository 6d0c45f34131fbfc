/// Finds a zigzag — the scrub (GESTURES.md T9, P5) — in movement along one axis:
/// several reversals of direction, each stroke long enough and quick enough, all
/// within a short window. Back-and-forth on the same line counts (nothing asks the
/// strokes to drift across the page).
///
/// Fed positions along its axis (cumulative, in points) with times; `fired` turns
/// true once. The thresholds are in `GestureTuning`, with their reasons.
public struct ScrubDetector: Sendable {
    let tuning: GestureTuning

    private var direction = 0           // +1, −1, or 0 before the first stroke
    private var strokeStart = 0.0
    private var strokeStartTime = 0.0
    private var extreme = 0.0
    private var extremeTime = 0.0
    /// Times at which qualifying strokes ended (their reversal), most recent last.
    private var strokes: [(start: Double, end: Double)] = []
    private var started = false
    /// Whether the stroke in progress has already been counted.
    private var strokeCounted = false
    public private(set) var fired = false

    public init(tuning: GestureTuning) { self.tuning = tuning }

    public mutating func feed(_ position: Double, at time: Double) -> Bool {
        guard !fired, position.isFinite, time.isFinite else { return false }
        if !started {
            started = true
            strokeStart = position
            strokeStartTime = time
            extreme = position
            extremeTime = time
            return false
        }
        let hysteresis = tuning.scrubReversalHysteresis
        if direction == 0 {
            if abs(position - strokeStart) >= hysteresis {
                direction = position > strokeStart ? 1 : -1
                extreme = position
                extremeTime = time
            }
            return false
        }
        if (position - extreme) * Double(direction) >= 0 {
            extreme = position
            extremeTime = time
            // A stroke counts as soon as it is long and quick enough, so the last
            // stroke of a zigzag need not wait for a reversal (or a lift).
            if !strokeCounted && isQualifying(to: extreme, at: extremeTime) {
                strokeCounted = true
                strokes.append((strokeStartTime, extremeTime))
                fireIfZigzag()
            }
            return fired
        }
        guard abs(position - extreme) >= hysteresis else { return false }
        // A reversal: a stroke that never qualified breaks the zigzag.
        if !strokeCounted { strokes.removeAll() }
        direction = -direction
        strokeStart = extreme
        strokeStartTime = extremeTime
        extreme = position
        extremeTime = time
        strokeCounted = false
        if isQualifying(to: extreme, at: extremeTime) {
            strokeCounted = true
            strokes.append((strokeStartTime, extremeTime))
            fireIfZigzag()
        }
        return fired
    }

    private func isQualifying(to end: Double, at time: Double) -> Bool {
        let length = abs(end - strokeStart)
        let duration = max(time - strokeStartTime, 1e-3)
        return length >= tuning.scrubMinimumStroke && length / duration >= tuning.scrubMinimumSpeed
    }

    /// Enough quick strokes back to back, inside the window.
    private mutating func fireIfZigzag() {
        guard strokes.count >= tuning.scrubStrokes, let first = strokes.suffix(tuning.scrubStrokes).first else { return }
        if strokes.last!.end - first.start <= tuning.scrubWindow { fired = true }
    }
}
