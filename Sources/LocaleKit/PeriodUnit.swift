import CICUBridge

/// The unit of a subscription or trial period.
public enum PeriodUnit: String, CaseIterable, Sendable {
    case day, week, month, year

    var bridged: PWPeriodUnit {
        switch self {
        case .day: return PWPeriodUnitDay
        case .week: return PWPeriodUnitWeek
        case .month: return PWPeriodUnitMonth
        case .year: return PWPeriodUnitYear
        }
    }
}
