/// A container request that breaks the contract (openapi.yaml): the JSON layer answers
/// it with a 422 problem+json carrying `path` and `detail`.
public struct ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which rule the request broke.
    public enum Reason: String, Sendable, Hashable {
        /// A size, offset or number outside what the contract allows.
        case invalidValue
        /// A `node` cell without `node`, or an interop cell without `size`/`constrainedSize`.
        case missingCellContent
        /// A key that means nothing for this container or cell kind.
        case notApplicable
        /// `currentPage` is not one of the pager's pages.
        case pageOutOfRange
        /// More cells than `ContainerLimits.maxCells`.
        case tooManyCells
        /// A cell without an `id`.
        case missingID
        /// An `id` two cells share.
        case duplicateID
    }

    /// Which rule was broken.
    public var reason: Reason
    /// The offending value.
    public var path: RequestPath
    /// What is wrong, in words for the client (the problem's `detail`).
    public var detail: String

    /// An error of `reason` at the JSON Pointer `path`, explained by `detail`.
    public init(_ reason: Reason, path: RequestPath, detail: String) {
        self.reason = reason
        self.path = path
        self.detail = detail
    }

    /// `path: detail`, for logs and test failures.
    public var description: String { "\(path): \(detail)" }
}

/// What one request may carry. The cell limit bounds the work and memory of
/// one request (every cell is measured and returned); a client with more
/// cells pages its data, as Texture apps batch-fetch.
public enum ContainerLimits {
    /// Items, headers and footers together.
    public static let maxCells = 100_000
    /// Sections of one container. Each costs its answer and hints whether it
    /// holds cells or not, so empty ones are bounded too; an app's grouped
    /// list has tens.
    public static let maxSections = 10_000

    /// The error for a container whose sections pass `maxSections`, at the first one over.
    public static func tooManySections(path: RequestPath) -> ContainerError {
        ContainerError(
            .tooManyCells, path: path,
            detail: "more than \(maxSections) sections in one container; send the data in batches")
    }
    /// Texture treats sizes at or above 1e7 points as invalid (ASDimension.h).
    public static let maxLength = 10_000_000.0
    /// The `pages` hint stops here (a tiny viewport over long content would
    /// otherwise ask for billions), with a warning. At about 85 bytes a page
    /// the hint stays under 350 KB, so a request of a few bytes cannot ask for
    /// an answer of megabytes, nor for more than a few milliseconds of work.
    /// 10,000 posts of 250 points in a 667-point viewport make some 3,750 pages.
    public static let maxPages = 4_000

    /// A nested container's pages hint stops sooner: at four pages per cell
    /// (and four more), which any strip or list inside a cell stays under.
    /// A request may hold tens of thousands of nested containers, so each
    /// one's pages are bounded by its cells, which count against the
    /// request's element limit, rather than by `maxPages` alone.
    public static func pageLimit(nestedCells: Int) -> Int {
        min(maxPages, 4 * (nestedCells + 1))
    }

    /// For a decoder that counts cells as it reads them: the error to stop
    /// with once `cellCount` passes the limit, pointing at `path` (the
    /// `items` array or `sections`), before the cells are built.
    public static func error(cellCount: Int, path: RequestPath) -> ContainerError? {
        guard cellCount > maxCells else { return nil }
        return ContainerError(
            .tooManyCells, path: path,
            detail: "\(cellCount) cells is over the limit of \(maxCells) per request; send the data in batches")
    }
}

extension String {
    /// The string as an error's detail quotes it: its first 80 characters,
    /// then "…", so that a detail never echoes a client's megabytes.
    package var excerpt: String {
        guard let cut = index(startIndex, offsetBy: 80, limitedBy: endIndex), cut < endIndex else { return self }
        return self[..<cut] + "…"
    }
}
