import WeftCells
import WeftJSON
import WeftLayout

/// The keys and tokens of a `POST /v1/layout` body (openapi.yaml, `ContainerRequest`).
enum ContainerRequestKey: String, Sendable, CaseIterable {
    case container, sections, items, direction, pointScale, answer
    static let table = KeyTable<ContainerRequestKey>(allCases.map { ($0.rawValue, $0) })
}

enum ContainerKey: String, Sendable, CaseIterable {
    case type, bounds, contentOffset, contentInset, scrolling, rangeMode, rangeTuning, leadingScreensForBatching
    case fetching, visible, separatorStyle, scrollDirection, flow, currentPage, previousBounds, circular
    case layout, gallery, masonry, pinHeaders
    static let table = KeyTable<ContainerKey>(allCases.map { ($0.rawValue, $0) })

    /// Keys of one container type only. (`currentPage` and `previousBounds`
    /// are checked with the pager's other rules, by validation.)
    func applies(to type: ContainerType) -> Bool {
        switch self {
        case .separatorStyle: type == .table
        case .scrollDirection, .flow, .layout, .gallery, .masonry: type == .collection
        case .pinHeaders: type == .table || type == .collection
        case .circular: type == .pager
        default: true
        }
    }
}

enum SectionKey: String, Sendable, CaseIterable {
    case id, header, footer, items
    static let table = KeyTable<SectionKey>(allCases.map { ($0.rawValue, $0) })
}

enum CellKey: String, Sendable, CaseIterable {
    case id, kind, node, style, size, constrainedSize, accessoryType, separatorInset, selectionStyle
    case neverShowPlaceholders, ref
    static let table = KeyTable<CellKey>(allCases.map { ($0.rawValue, $0) })
    /// What a `ref` stands for: none of these may be sent beside one.
    static let content: [CellKey] = [.kind, .node, .size, .style]
}

enum FlowKey: String, Sendable, CaseIterable {
    case itemSpacing, lineSpacing, sectionInset, alignment
    static let table = KeyTable<FlowKey>(allCases.map { ($0.rawValue, $0) })
}

/// The keys of `gallery` and `masonry`: each its own size key, and the spacings they share.
enum CollectionLayoutKey: String, Sendable, CaseIterable {
    case itemSize, columns, itemSpacing, lineSpacing, sectionInset
    static let gallery = KeyTable<CollectionLayoutKey>([itemSize, itemSpacing, lineSpacing, sectionInset].map { ($0.rawValue, $0) })
    static let masonry = KeyTable<CollectionLayoutKey>([columns, itemSpacing, lineSpacing, sectionInset].map { ($0.rawValue, $0) })
}

enum TuningKey: String, Sendable, CaseIterable {
    case leadingBufferScreenfuls, trailingBufferScreenfuls
    static let table = KeyTable<TuningKey>(allCases.map { ($0.rawValue, $0) })
}

/// Enum vocabularies, spelled as the Texture / UIKit case names (the wire format's rule).
enum ContainerTokens {
    static func table<T: RawRepresentable & CaseIterable & Sendable>(_ type: T.Type) -> KeyTable<T> where T.RawValue == String {
        KeyTable(T.allCases.map { ($0.rawValue, $0) })
    }

    static let containerType = table(ContainerType.self)
    static let rangeMode = table(RangeMode.self)
    static let rangeType = table(RangeType.self)
    static let separatorStyle = table(SeparatorStyle.self)
    static let scrollDirection = table(FlowScrollDirection.self)
    static let collectionLayout = table(CollectionLayoutType.self)
    static let flowAlignment = table(FlowAlignment.self)
    static let cellKind = table(CellKind.self)
    static let accessoryType = table(AccessoryType.self)
    static let selectionStyle = table(SelectionStyle.self)
    static let answerShape = table(AnswerShape.self)

    /// Insets may be negative (UIEdgeInsets may); `auto` and intrinsic sizes mean nothing here.
    /// Insets: points or percents, negative allowed, under 1e7 either way
    /// (Texture takes a length of 1e7 points or more for no length at all).
    static let insetRules = DimensionRules(
        auto: false, percent: true, intrinsic: false, nonNegative: false, limit: ContainerLimits.maxLength)
}
