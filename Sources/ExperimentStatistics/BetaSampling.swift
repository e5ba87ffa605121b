import Foundation

// Draws built on `next()` alone, not on `Double.random(in:using:)`, whose use of the generator is the standard
// library's to change: the same seed must give the same draws with every toolchain.
extension RandomNumberGenerator {
    /// A uniform draw from the open interval (0, 1): the top 52 bits, centred in their cell so that 0 never comes
    /// out and its logarithm is always finite (with 53, the top cell's centre would round up to 1).
    mutating func nextOpenUnitInterval() -> Double {
        (Double(next() >> 12) + 0.5) * 0x1p-52
    }

    /// A standard normal draw, by the Box–Muller transform.
    mutating func nextStandardNormal() -> Double {
        let radius = (-2 * log(nextOpenUnitInterval())).squareRoot()
        return radius * cos(2 * Double.pi * nextOpenUnitInterval())
    }

    /// A Gamma(shape, 1) draw for shape ≥ 1 (`GammaSampler`).
    mutating func nextGamma(shape: Double) -> Double {
        GammaSampler(shape: shape).next(using: &self)
    }

    /// A draw of a variation's conversion rate from its posterior: X / (X + Y) for X ~ Gamma(α), Y ~ Gamma(β).
    mutating func nextRate(from posterior: BetaPosterior) -> Double {
        RateSampler(posterior).next(using: &self)
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

    func next(using generator: inout some RandomNumberGenerator) -> Double {
        while true {
            let x = generator.nextStandardNormal()
            let root = 1 + c * x
            guard root > 0 else { continue }
            let v = root * root * root
            let u = generator.nextOpenUnitInterval()
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

    func next(using generator: inout some RandomNumberGenerator) -> Double {
        let x = alpha.next(using: &generator)
        let y = beta.next(using: &generator)
        return x / (x + y)
    }
}
