import Foundation
import GlideLayout

/// The puff of smoke where the text was when the scrub erased it: soft grey puffs
/// seeded along each line of text that was on screen, which swell, drift up and
/// outward with a little turbulence, and fade — about half a second. A pure
/// function of time, so a frame at time t is always the same frame.
public struct SmokeEffect: Sendable {
    public struct Puff: Sendable, Equatable {
        public var center: Point
        public var radius: Double
        /// 0…1: how dense the puff is at its centre.
        public var opacity: Double
    }

    struct Seed: Sendable {
        var origin: Point
        var radius: Double
        var velocity: Point
        var growth: Double
        var wobble: Double
        var phase: Double
        var density: Double
        var delay: Double
    }

    public static let duration = 0.55

    public let start: Double
    let seeds: [Seed]

    /// Puffs along `lines` (view rectangles of the text that was erased).
    public init(start: Double, lines: [Rect], lineHeight: Double) {
        self.start = start
        var state: UInt64 = 0x5EED
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let all = lines.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        let centre = Point(x: all.midX, y: all.midY)
        var seeds: [Seed] = []
        // About one puff per line height of text, but no more than ~160 puffs for a
        // full screen: past that they only overlap, and each costs a fill.
        let inkLength = lines.reduce(0) { $0 + $1.width }
        let spacing = max(14, lineHeight * 1.1, inkLength / 160)
        for line in lines where line.width > 0 {
            var x = line.minX + spacing * 0.4 * random()
            while x <= line.maxX {
                let origin = Point(x: x, y: line.midY + (random() - 0.5) * line.height * 0.4)
                // Outward from the text's centre and upward, as warm smoke rises.
                let outward = Point(x: (origin.x - centre.x) / max(60, all.width / 2), y: (origin.y - centre.y) / max(60, all.height / 2))
                seeds.append(Seed(
                    origin: origin,
                    radius: lineHeight * (0.55 + 0.3 * random()),
                    velocity: Point(x: outward.x * 70 + (random() - 0.5) * 60, y: outward.y * 50 - 70 - 50 * random()),
                    growth: lineHeight * (2.2 + 1.6 * random()),
                    wobble: 6 + 10 * random(),
                    phase: random() * 2 * .pi,
                    density: 0.24 + 0.22 * random(),
                    delay: 0.015 * random()))
                x += spacing * (0.7 + 0.6 * random())
            }
        }
        self.seeds = seeds
    }

    public func isFinished(at time: Double) -> Bool { time - start >= Self.duration }

    /// The puffs to draw at `time`.
    public func puffs(at time: Double) -> [Puff] {
        let t = time - start
        guard t >= 0, t < Self.duration else { return [] }
        return seeds.compactMap { seed in
            let age = t - seed.delay
            guard age >= 0 else { return nil }
            let life = Self.duration - seed.delay
            let p = min(1, age / life)
            // Billow: fast at first, slowing (ease-out); fade: dense early, gone at the end.
            let spread = 1 - pow(1 - p, 2.2)
            // The text turns into smoke at once: dense from the first frame.
            let fadeIn = min(1, 0.65 + age / 0.05)
            let fadeOut = pow(1 - p, 1.6)
            let swirl = sin(seed.phase + age * 9) * seed.wobble * spread
            return Puff(
                center: Point(x: seed.origin.x + seed.velocity.x * age + swirl,
                              y: seed.origin.y + seed.velocity.y * age * (1 - 0.4 * p)),
                radius: seed.radius + seed.growth * spread,
                opacity: seed.density * fadeIn * fadeOut)
        }
    }
}
