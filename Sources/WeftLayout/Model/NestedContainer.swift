/// What a `container` element holds: a table, collection or pager of cells
/// inside a cell's tree (Texture's HorizontalWithinVerticalScrolling sample).
/// The layout engine measures it as a leaf and leaves the container itself
/// to the cells layer, which knows cells, placement and hints: this is the
/// seam between the two.
public protocol NestedContainerContent: Sendable {
    /// Lays the container out in `range` (the offered range already narrowed
    /// by the element's style): its size and its inner answer. `context`
    /// brings the scale, the direction and the text measurer.
    func layout(in range: SizeRange, context: LayoutContext) -> NestedContainerLayout
}

/// A nested container's size and what it answers inside its output node.
public struct NestedContainerLayout: Sendable {
    /// The element's size before ASLayout's pixel ceiling.
    public var size: Size
    /// The inner answer, kept opaque here.
    public var answer: NestedContainerAnswer

    /// A laid-out nested container.
    public init(size: Size, answer: NestedContainerAnswer) {
        self.size = size
        self.answer = answer
    }
}

/// The inner answer of a nested container, carried by its output node to the
/// encoder. Opaque here: the cells layer subclasses it with its answer, which
/// only that layer and the encoder read, through a class cast that reads the
/// answer in place (a cast out of an existential would copy all of it).
/// Two answers are equal when they are the same object.
open class NestedContainerAnswer: @unchecked Sendable, Hashable {
    /// An answer for a subclass to fill; immutable once made.
    public init() {}

    /// Identity: the value is opaque.
    public static func == (a: NestedContainerAnswer, b: NestedContainerAnswer) -> Bool { a === b }

    /// Hashes the identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
