/// A decoded element with the place it came from, so that later checks can point at it.
struct Located<Value> {
    let pointer: JSONPointer
    let value: Value
}

/// The decoded top-level collections of an export, each element with its pointer.
struct LocatedExport {
    let segments: [Located<Segment>]
    let products: [Located<Product>]
    let paywalls: [Located<Paywall>]
    let placements: [Located<Placement>]
    /// Every id the document declares for segments, products and paywalls, also of elements left out
    /// for problems of their own: a reference to those is not reported again as dangling.
    let declaredIDs: (segments: Set<String>, products: Set<String>, paywalls: Set<String>)
}
