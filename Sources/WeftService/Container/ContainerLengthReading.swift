import WeftCells
import WeftJSON
import WeftLayout

/// A container's spacings, insets and screenfuls, bounded as its sizes are:
/// Texture takes a length of 1e7 points or more for no length at all
/// (ASDimension.h), and past that the placement's sums lose every item's
/// position. Each is refused where it is sent, with its own path.
extension JSONReader {
    /// A spacing or a number of screens: at least 0, under 1e7.
    mutating func contractContainerLength() throws(RequestError) -> Double {
        let value = try contractLength()
        guard value < ContainerLimits.maxLength else {
            throw RequestError(.invalidValue, "must be under 1e7, got \(value)")
        }
        return value
    }

    /// Insets (`contentInset`, `sectionInset`, `separatorInset`): each edge
    /// under 1e7 points, or 1e7%, either way; one too large is refused at its
    /// own key, or at the member when one number sets every edge.
    mutating func contractContainerInsets() throws(RequestError) -> Edges {
        let perEdge = try peekKind() == .object
        let edges = try contractEdges(ContainerTokens.insetRules)
        let sides: [(String, Dimension?)] = [
            ("left", edges.left), ("top", edges.top), ("right", edges.right), ("bottom", edges.bottom),
            ("start", edges.start), ("end", edges.end), ("horizontal", edges.horizontal), ("vertical", edges.vertical),
            ("all", edges.all),
        ]
        for (name, side) in sides {
            let tooLarge: Bool
            switch side {
            case .points(let v)?: tooLarge = !(abs(v) < ContainerLimits.maxLength)
            case .fraction(let f)?: tooLarge = !(abs(f) * 100 < ContainerLimits.maxLength)
            default: tooLarge = false
            }
            guard tooLarge else { continue }
            let error = RequestError(.invalidValue, "insets must be under 1e7 points (or 1e7%) either way")
            throw perEdge ? error.at(name) : error
        }
        return edges
    }
}
