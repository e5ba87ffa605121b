import ExperimentStatistics
import Foundation
import Testing

/// A variation's posterior and its 95% credible interval, against closed forms and SciPy's Beta quantiles.
@Suite struct BetaPosteriorTests {
    @Test func parametersAndMean() {
        let posterior = BetaPosterior(conversions: 10, exposures: 100)
        #expect(posterior.alpha == 11)
        #expect(posterior.beta == 91)
        #expect(posterior.mean == 11.0 / 102)
    }

    // scipy.stats.beta(1 + k, 1 + n − k).ppf(0.025) and .ppf(0.975), SciPy 1.17.1; the first three agree with
    // mpmath.findroot on mpmath.betainc at 40 digits to 1e-16.
    @Test("SciPy's Beta quantiles", arguments: [
        (10, 100, 0.055637223835302965, 0.17455282607711903),
        // 1 − 0.975^(1/1001) and 1 − 0.025^(1/1001): Beta(1, b) has the closed form I_x = 1 − (1 − x)^b.
        (0, 1000, 2.529219561584832e-05, 0.003678412265034924),
        // Conversions = exposures: Beta(21, 1), I_x = x^21, so 0.025^(1/21) and 0.975^(1/21).
        (20, 20, 0.8389023847809204, 0.9987951165516364),
        (500_000, 10_000_000, 0.04986509397629212, 0.05013525651113921),
    ])
    func credibleInterval(conversions: Int, exposures: Int, lower: Double, upper: Double) {
        let interval = BetaPosterior(conversions: conversions, exposures: exposures).credibleInterval()
        #expect(abs(interval.lowerBound - lower) <= 1e-9 * lower)
        #expect(abs(interval.upperBound - upper) <= 1e-9 * upper)
    }

    @Test func noExposuresIsTheUniformPrior() {
        let posterior = BetaPosterior(conversions: 0, exposures: 0)
        #expect(posterior.mean == 0.5)
        let interval = posterior.credibleInterval()
        #expect(abs(interval.lowerBound - 0.025) < 1e-12)
        #expect(abs(interval.upperBound - 0.975) < 1e-12)
        let half = posterior.credibleInterval(level: 0.5)
        #expect(abs(half.lowerBound - 0.25) < 1e-12)
        #expect(abs(half.upperBound - 0.75) < 1e-12)
    }

    @Test("every exposure converted", arguments: [1_000, 10_000_000])
    func everyExposureConverted(exposures: Int) {
        let posterior = BetaPosterior(conversions: exposures, exposures: exposures)
        #expect(posterior.beta == 1)
        // Beta(n + 1, 1): I_x = x^(n + 1), so the 2.5% quantile is 0.025^(1/(n + 1)), the 97.5% one 0.975^(1/(n + 1)).
        let interval = posterior.credibleInterval()
        #expect(abs(interval.lowerBound - pow(0.025, 1 / posterior.alpha)) < 1e-12)
        #expect(abs(interval.upperBound - pow(0.975, 1 / posterior.alpha)) < 1e-12)
    }

    @Test func noConversionsInTenMillionExposures() {
        let posterior = BetaPosterior(conversions: 0, exposures: 10_000_000)
        // Beta(1, b): I_x = 1 − (1 − x)^b, so the p-quantile is 1 − (1 − p)^(1/b).
        let interval = posterior.credibleInterval()
        #expect(abs(interval.lowerBound / -expm1(log(0.975) / posterior.beta) - 1) < 1e-9)
        #expect(abs(interval.upperBound / -expm1(log(0.025) / posterior.beta) - 1) < 1e-9)
    }
}
