import WeftCells
import WeftJSON

/// A container's spacings and screenfuls, bounded as its sizes are: Texture
/// takes a length of 1e7 points or more for no length at all (ASDimension.h),
/// and past that the placement's sums lose every item's position. Refused
/// where it is sent, with its own path. (Insets are bounded by their rules,
/// `ContainerTokens.insetRules`.)
extension JSONReader {
    /// A spacing or a number of screens: at least 0, under 1e7.
    mutating func contractContainerLength() throws(RequestError) -> Double {
        let value = try contractLength()
        guard value < ContainerLimits.maxLength else {
            throw RequestError(.invalidValue, "must be under 1e7, got \(value)")
        }
        return value
    }
}
