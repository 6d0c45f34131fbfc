/// Every threshold of the gesture engine, in one place, with why it has its value.
/// Distances are logical points, times seconds.
public struct GestureTuning: Sendable, Equatable {
    /// A finger that moves less than this is still "holding still": taps and the
    /// two-finger hold. Fingers jitter 2–4 pt on glass; 10 pt is Android's touch
    /// slop (8 dp) rounded up for larger desktop screens.
    public var slop = 10.0
    /// A tap is shorter than this. iOS and GTK use 0.3–0.5 s; a deliberate press
    /// lasts longer.
    public var tapDuration = 0.35
    /// A second finger landing within this of the first makes a two-finger gesture
    /// (people never put two fingers down at exactly the same time; ~0.1 s apart
    /// is typical, 0.2 s leaves room).
    public var twoFingerWindow = 0.2
    /// Kinetic scrolling starts above this release speed (pt/s) and stops below
    /// `kineticStopSpeed`. A slow drag that ends should simply stop.
    public var kineticMinimumSpeed = 150.0
    public var kineticStopSpeed = 20.0
    /// Velocity decays by this factor per second: iOS's "normal" deceleration rate
    /// is 0.998 per millisecond, i.e. 0.998^1000 ≈ 0.135 per second.
    public var kineticDecayPerSecond = 0.135
    /// Release velocity is measured over the last this-many seconds of movement, so
    /// a finger that paused before lifting does not fling.
    public var velocityWindow = 0.08
    /// One finger moves the cursor (T3) only when its first movement is clearly
    /// horizontal: |dx| ≥ this × |dy|, i.e. within 26.6° of horizontal. A stroke near
    /// 45° scrolls: the Mail app is stricter than 45° and users notice when an app is
    /// not (seed 003); 2:1 leaves room for the slight diagonal of a real swipe.
    public var horizontalRatio = 2.0
    /// The horizontal cursor wraps to the next line only once the virtual cursor
    /// point is this far past the line's end (or before its start): without the
    /// play the caret flies over empty lines and line ends (GESTURES.md, seed 000).
    public var horizontalPlay = 30.0
    /// Two fingers held still this long before they move select instead of moving
    /// the caret (T6): iOS's long-press is 0.5 s.
    public var holdDuration = 0.5
    /// Two-finger taps this close in time (and `multiTapDistance` in space) count as
    /// a double or triple tap: the desktop's usual double-click time.
    public var multiTapInterval = 0.45
    public var multiTapDistance = 40.0
    /// The scrub (T9) erases everything, so it must be hard to trigger by mistake:
    /// - `scrubStrokes` back-and-forth strokes (three reversals of direction): a
    ///   cursor move that overshoots and comes back reverses once or twice;
    /// - each at least `scrubMinimumStroke` long (a scrub sweeps a few words, a
    ///   hunt for a position nudges a few characters)…
    /// - …and at least `scrubMinimumSpeed` fast (people scrub at 500–1500 pt/s;
    ///   reading-scroll back and forth and careful cursor moves stay under 200);
    /// - all within `scrubWindow` seconds.
    /// A reversal counts once the movement has come back `scrubReversalHysteresis`
    /// from its furthest point, so jitter at a turn is not a stroke.
    /// The scrub can be turned off in the settings.
    public var scrubEnabled = true
    public var scrubStrokes = 4
    public var scrubMinimumStroke = 40.0
    public var scrubMinimumSpeed = 300.0
    public var scrubWindow = 1.6
    public var scrubReversalHysteresis = 12.0
    /// P6: a pinch expands the selection one step (word → sentence → paragraph →
    /// all) each time it opens by this factor, and shrinks it back each time it
    /// closes by its inverse: big enough not to happen by accident in a swipe.
    public var pinchStep = 1.25
    /// P3: a touchpad scroll that stops for this long has ended (smooth scrolling
    /// has no end event); a little over the 60 Hz frame gap libinput leaves.
    public var scrollGestureGap = 0.18
    /// Touchpad swipe deltas (in points of finger travel) are multiplied by this for
    /// the free cursor: a touchpad is smaller than the screen it drives.
    public var swipeCursorGain = 1.5

    public init() {}

    public static let standard = GestureTuning()
}
