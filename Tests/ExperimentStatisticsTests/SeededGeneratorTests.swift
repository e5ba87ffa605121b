@testable import ExperimentStatistics
import Testing

/// The seeded generator and the draws the Monte Carlo makes from it.
@Suite struct SeededGeneratorTests {
    @Test func splitMix64MatchesItsReferenceOutputs() {
        // Rosetta Code, "Pseudo-random numbers/Splitmix64": the first five outputs for seed 1234567.
        var generator = SplitMix64(seed: 1_234_567)
        let outputs = (0..<5).map { _ in generator.next() }
        #expect(outputs == [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821])
    }

    private struct Constant: RandomNumberGenerator {
        let value: UInt64
        mutating func next() -> UInt64 { value }
    }

    @Test func uniformDrawsStayInsideTheOpenInterval() {
        var lowest = Constant(value: 0), highest = Constant(value: .max)
        #expect(lowest.nextOpenUnitInterval() > 0)
        #expect(highest.nextOpenUnitInterval() < 1)
    }

    // The mean and variance of Gamma(k) are both k, of Beta(α, β) α/(α + β) and αβ/((α + β)²(α + β + 1)); 100,000
    // draws put the sample mean within about 4 standard errors of these.
    @Test("Gamma draws", arguments: [1.0, 3.5, 40, 1_000_000])
    func gammaMoments(shape: Double) {
        var source = Draws(SplitMix64(seed: 11))
        let sampler = GammaSampler(shape: shape)
        let draws = (0..<100_000).map { _ in sampler.next(using: &source) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(draws.count - 1)
        #expect(abs(mean - shape) < 4 * (shape / Double(draws.count)).squareRoot())
        #expect(abs(variance / shape - 1) < 0.03)
    }

    @Test func betaDrawsHaveTheirPosteriorsMean() {
        let posterior = BetaPosterior(conversions: 30, exposures: 300)
        var source = Draws(SplitMix64(seed: 12))
        let sampler = RateSampler(posterior)
        let draws = (0..<100_000).map { _ in sampler.next(using: &source) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let standardDeviation = (posterior.alpha * posterior.beta / (302 * 302 * 303)).squareRoot()
        #expect(abs(mean - posterior.mean) < 4 * standardDeviation / Double(draws.count).squareRoot())
    }
}
