import Glibc

// Draws built on `next()` alone, not on `Double.random(in:using:)`, whose use of the generator is the standard
// library's to change: the same seed must give the same draws with every toolchain.
extension RandomNumberGenerator {
    /// A uniform draw from the open interval (0, 1): the top 52 bits, centred in their cell so that 0 never comes
    /// out and its logarithm is always finite (with 53, the top cell's centre would round up to 1).
    mutating func nextOpenUnitInterval() -> Double {
        (Double(next() >> 12) + 0.5) * 0x1p-52
    }
}

/// Standard normal and uniform draws from one generator. Normals come in pairs by Marsaglia's polar method (a
/// point drawn in the unit disc, about 1.27 tries, then one logarithm and one root for two normals: no sine or
/// cosine, which cost most of a Monte Carlo of many groups), the first of each pair at once, the second next.
struct Draws<Generator: RandomNumberGenerator> {
    private var generator: Generator
    private var spareNormal: Double?

    init(_ generator: Generator) {
        self.generator = generator
    }

    mutating func nextUniform() -> Double {
        generator.nextOpenUnitInterval()
    }

    mutating func nextStandardNormal() -> Double {
        if let spare = spareNormal {
            spareNormal = nil
            return spare
        }
        while true {
            // Uniforms never hit 1/2 exactly (they sit at the centres of 2⁵² cells), so the point is never the origin.
            let x = 2 * nextUniform() - 1, y = 2 * nextUniform() - 1
            let squared = x * x + y * y
            guard squared < 1 else { continue }
            let scale = (-2 * log(squared) / squared).squareRoot()
            spareNormal = y * scale
            return x * scale
        }
    }
}

/// Gamma(shape, 1) draws for shape ≥ 1, by Marsaglia and Tsang's method ("A simple method for generating gamma
/// variables", 2000), with the shape's constants worked out once for all the draws. It accepts more than 95% of
/// its proposals, so a draw takes a proposal or two.
struct GammaSampler {
    private let d: Double
    private let c: Double

    init(shape: Double) {
        precondition(shape >= 1, "Marsaglia–Tsang as written here needs a shape of at least 1, not \(shape)")
        d = shape - 1.0 / 3
        c = 1 / (9 * d).squareRoot()
    }

    func next(using draws: inout Draws<some RandomNumberGenerator>) -> Double {
        while true {
            let x = draws.nextStandardNormal()
            let root = 1 + c * x
            guard root > 0 else { continue }
            let v = root * root * root
            let u = draws.nextUniform()
            // The cheap squeeze first; the exact test only when it fails.
            if u < 1 - 0.0331 * x * x * x * x || log(u) < x * x / 2 + d * (1 - v + log(v)) {
                return d * v
            }
        }
    }
}

/// Draws of a variation's conversion rate from its posterior: X / (X + Y) for X ~ Gamma(α), Y ~ Gamma(β).
struct RateSampler {
    private let alpha: GammaSampler
    private let beta: GammaSampler

    init(_ posterior: BetaPosterior) {
        alpha = GammaSampler(shape: posterior.alpha)
        beta = GammaSampler(shape: posterior.beta)
    }

    func next(using draws: inout Draws<some RandomNumberGenerator>) -> Double {
        let x = alpha.next(using: &draws)
        let y = beta.next(using: &draws)
        return x / (x + y)
    }
}
