import ExperimentStatistics
import Testing

/// The sample ratio mismatch check, against scipy.stats.chisquare.
@Suite struct SampleRatioMismatchTests {
    // scipy.stats.chisquare(observed, f_exp = total × weight / Σ weights), SciPy 1.17.1. [60, 40] against an even
    // split is the textbook χ² = 4 with one degree of freedom, p = 0.0455 = erfc(√2).
    @Test("SciPy's chisquare", arguments: [
        ([60, 40], [0.5, 0.5], 4.0, 0.04550026389635857),
        ([6000, 4000], [0.5, 0.5], 400.0, 5.507248237212379e-89),
        ([230, 770], [0.2, 0.8], 5.625, 0.017706065807366642),
        ([5100, 4950, 9950], [1, 1, 2], 2.75, 0.25283959580474646),
        ([1040, 1010, 980, 1050, 920], [1, 1, 1, 1, 1], 11.0, 0.026564014350016436),
        ([3, 7], [1, 1], 1.6, 0.20590321073206466),
    ])
    func scipyValues(observed: [Int], weights: [Double], statistic: Double, pValue: Double) throws {
        let result = try #require(sampleRatioMismatch(observed: observed, expectedWeights: weights))
        #expect(abs(result.statistic - statistic) < 1e-12 * statistic)
        #expect(abs(result.pValue / pValue - 1) < 1e-12)
    }

    @Test func weightsAreShares() throws {
        let percentages = try #require(sampleRatioMismatch(observed: [5100, 4950, 9950], expectedWeights: [25, 25, 50]))
        let fractions = try #require(sampleRatioMismatch(observed: [5100, 4950, 9950], expectedWeights: [0.25, 0.25, 0.5]))
        #expect(abs(percentages.pValue - fractions.pValue) < 1e-15)
    }

    @Test func aPerfectSplitHasPValueOne() throws {
        let result = try #require(sampleRatioMismatch(observed: [5000, 5000], expectedWeights: [0.5, 0.5]))
        #expect(result.statistic == 0)
        #expect(result.pValue == 1)
    }

    @Test func aVariationMeantToGetNothing() throws {
        let gotSome = try #require(sampleRatioMismatch(observed: [500, 500, 1], expectedWeights: [1, 1, 0]))
        #expect(gotSome.statistic == .infinity)
        #expect(gotSome.pValue == 0)
        // An empty one takes no part: the same as the other two alone, one degree of freedom.
        let gotNone = try #require(sampleRatioMismatch(observed: [60, 40, 0], expectedWeights: [1, 1, 0]))
        #expect(abs(gotNone.pValue - 0.04550026389635857) < 1e-15)
        let onlyOne = try #require(sampleRatioMismatch(observed: [900, 0], expectedWeights: [1, 0]))
        #expect(onlyOne.statistic == 0 && onlyOne.pValue == 1)
    }

    @Test func nothingToTest() {
        #expect(sampleRatioMismatch(observed: [100], expectedWeights: [1]) == nil)
        #expect(sampleRatioMismatch(observed: [], expectedWeights: []) == nil)
        #expect(sampleRatioMismatch(observed: [0, 0], expectedWeights: [0.5, 0.5]) == nil)
        #expect(sampleRatioMismatch(observed: [10, 10], expectedWeights: [0, 0]) == nil)
        #expect(sampleRatioMismatch(observed: [10, 10], expectedWeights: [1, -1]) == nil)
        #expect(sampleRatioMismatch(observed: [10, 10], expectedWeights: [1, .nan]) == nil)
        #expect(sampleRatioMismatch(observed: [10, -1], expectedWeights: [1, 1]) == nil)
        #expect(sampleRatioMismatch(observed: [10, 10, 10], expectedWeights: [1, 1]) == nil)
    }
}
