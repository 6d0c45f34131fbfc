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
            return false
        }
        guard abs(position - extreme) >= hysteresis else { return false }
        // A reversal: judge the stroke that just ended.
        let length = abs(extreme - strokeStart)
        let duration = max(extremeTime - strokeStartTime, 1e-3)
        if length >= tuning.scrubMinimumStroke && length / duration >= tuning.scrubMinimumSpeed {
            strokes.append((strokeStartTime, extremeTime))
        } else {
            strokes.removeAll()   // a slow or short stroke breaks the zigzag
        }
        direction = -direction
        strokeStart = extreme
        strokeStartTime = extremeTime
        extreme = position
        extremeTime = time
        // Enough quick strokes back to back, inside the window.
        if strokes.count >= tuning.scrubStrokes,
           let first = strokes.suffix(tuning.scrubStrokes).first, strokes.last!.end - first.start <= tuning.scrubWindow {
            fired = true
        }
        return fired
    }
}
