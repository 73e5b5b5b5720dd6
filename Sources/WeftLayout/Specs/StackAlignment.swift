/// The alignment a stack child actually gets, and the stack's shorthands.
enum StackItemAlignment: Equatable {
    case start, end, center, stretch, baselineFirst, baselineLast

    var isBaseline: Bool { self == .baselineFirst || self == .baselineLast }
}

extension StackSpec {
    /// `horizontalAlignment` / `verticalAlignment` overwrite justifyContent or
    /// alignItems depending on the direction; Texture applies them whenever
    /// either they or the direction change, so a declarative request applies
    /// them last, with the final direction (ASStackLayoutSpec.mm).
    func resolvingAlignmentShorthands() -> StackSpec {
        var spec = self
        let fromHorizontal: StackAlignItems?
        let justifyFromHorizontal: StackJustifyContent?
        switch horizontalAlignment {
        case .none: fromHorizontal = nil; justifyFromHorizontal = nil
        case .left: fromHorizontal = .start; justifyFromHorizontal = .start
        case .middle: fromHorizontal = .center; justifyFromHorizontal = .center
        case .right: fromHorizontal = .end; justifyFromHorizontal = .end
        }
        let fromVertical: StackAlignItems?
        let justifyFromVertical: StackJustifyContent?
        switch verticalAlignment {
        case .none: fromVertical = nil; justifyFromVertical = nil
        case .top: fromVertical = .start; justifyFromVertical = .start
        case .center: fromVertical = .center; justifyFromVertical = .center
        case .bottom: fromVertical = .end; justifyFromVertical = .end
        }
        if direction.isVertical {
            if let a = fromHorizontal { spec.alignItems = a }
            if let j = justifyFromVertical { spec.justifyContent = j }
        } else {
            if let j = justifyFromHorizontal { spec.justifyContent = j }
            if let a = fromVertical { spec.alignItems = a }
        }
        return spec
    }

    /// `alignSelf` wins unless it is `auto`; there is no baseline `alignSelf`.
    func alignment(of childStyle: Style) -> StackItemAlignment {
        switch childStyle.alignSelf {
        case .flexStart, .start: return .start
        case .flexEnd, .end: return .end
        case .center: return .center
        case .stretch: return .stretch
        case .auto, .baseline, .spaceBetween, .spaceAround, .spaceEvenly:
            switch alignItems {
            case .start: return .start
            case .end: return .end
            case .center: return .center
            case .stretch: return .stretch
            case .baselineFirst: return .baselineFirst
            case .baselineLast: return .baselineLast
            }
        }
    }
}
