import Testing
import WeftLayout

@testable import WeftService

@Suite("Node request: elements")
struct NodeRequestElementTests {
    @Test func decodesTheTopLevelFields() throws {
        let request = try decodeNode(
            #"{"sizeRange": {"min": {"width": 375, "height": 0}, "max": {"width": 375, "height": null}}, "#
                + #""direction": "rtl", "pointScale": 2, "root": {"type": "box"}}"#)
        #expect(request.sizeRange == SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity)))
        #expect(request.direction == .rtl)
        #expect(request.pointScale == 2)
    }

    @Test func appliesTheDefaults() throws {
        let request = try decodeNode(rootRequest(#"{"type": "box"}"#))
        #expect(request.sizeRange == .unconstrained)
        #expect(request.direction == .ltr)
        #expect(request.pointScale == 0)
        let partial = try decodeNode(#"{"sizeRange": {"max": {"width": 10}}, "root": {"type": "box"}}"#)
        #expect(partial.sizeRange == SizeRange(min: .zero, max: Size(width: 10, height: .infinity)))
    }

    @Test func decodesLeaves() throws {
        let box = try decodeRoot(#"{"type": "box", "id": "b"}"#)
        #expect(box.kind.typeName.description == "box")
        #expect(box.id == "b")
        let view = try decodeRoot(#"{"type": "view"}"#)
        #expect(view.kind.typeName.description == "view")
        let image = try decodeRoot(#"{"type": "image", "intrinsicSize": {"width": 30, "height": 20}}"#)
        guard case .image(let size) = image.kind else { Issue.record("not an image"); return }
        #expect(size == Size(width: 30, height: 20))
    }

    @Test func decodesText() throws {
        let text = try decodeRoot(
            #"{"type": "text", "text": "Hi", "font": {"family": "Inter", "size": 15, "weight": "bold", "style": "italic"}, "#
                + #""lineHeight": 20, "maxLines": 2, "truncation": "middle", "letterSpacing": -0.5}"#)
        guard case .text(let content) = text.kind else { Issue.record("not text"); return }
        #expect(content.text == "Hi")
        #expect(content.font == FontDescriptor(family: "Inter", size: 15, weight: 700, italic: true))
        #expect(content.lineHeight == 20)
        #expect(content.maxLines == 2)
        #expect(content.truncation == .middle)
        #expect(content.letterSpacing == -0.5)
        let numeric = try decodeRoot(#"{"type": "text", "text": "", "font": {"weight": 600}, "lineHeight": null}"#)
        guard case .text(let plain) = numeric.kind else { Issue.record("not text"); return }
        #expect(plain.font.weight == 600)
        #expect(plain.lineHeight == nil)
        #expect(plain.overflowWrap == nil)
        for (token, wrap) in [("normal", OverflowWrap.normal), ("anywhere", .anywhere), ("break-word", .breakWord)] {
            let wrapped = try decodeRoot(#"{"type": "text", "text": "a", "overflowWrap": ""# + token + #""}"#)
            guard case .text(let content) = wrapped.kind else { Issue.record("not text"); return }
            #expect(content.overflowWrap == wrap)
        }
    }

    @Test func decodesAStack() throws {
        let stack = try decodeRoot(
            #"{"children": [{"type": "box"}, {"type": "box"}], "type": "stack", "direction": "vertical", "#
                + #""spacing": 8, "justifyContent": "spaceBetween", "alignItems": "baselineLast", "flexWrap": "wrap", "#
                + #""alignContent": "space-around", "lineSpacing": 4, "horizontalAlignment": "middle", "#
                + #""verticalAlignment": "bottom"}"#)
        guard case .stack(let spec) = stack.kind else { Issue.record("not a stack"); return }
        #expect(spec.direction == .vertical)
        #expect(spec.spacing == 8)
        #expect(spec.justifyContent == .spaceBetween)
        #expect(spec.alignItems == .baselineLast)
        #expect(spec.flexWrap == .wrap)
        #expect(spec.alignContent == .spaceAround)
        #expect(spec.lineSpacing == 4)
        #expect(spec.horizontalAlignment == .middle)
        #expect(spec.verticalAlignment == .bottom)
        #expect(stack.children.count == 2)
    }

    @Test(arguments: [
        ("flex-start", StackJustifyContent.start), ("flex-end", .end), ("space-between", .spaceBetween),
        ("space-around", .spaceAround), ("center", .center), ("start", .start), ("end", .end),
    ])
    func acceptsCSSSpellingsOnTextureElements(token: String, expected: StackJustifyContent) throws {
        let stack = try decodeRoot(#"{"type": "stack", "justifyContent": "\#(token)"}"#)
        guard case .stack(let spec) = stack.kind else { Issue.record("not a stack"); return }
        #expect(spec.justifyContent == expected)
    }

    @Test func acceptsKebabSpellingsOfOtherTextureTokens() throws {
        let stack = try decodeRoot(#"{"type": "stack", "flexWrap": "no-wrap", "direction": "horizontal-reverse"}"#)
        guard case .stack(let spec) = stack.kind else { Issue.record("not a stack"); return }
        #expect(spec.flexWrap == .noWrap)
        #expect(spec.direction == .horizontalReverse)
        let corner = try decodeRoot(
            #"{"type": "corner", "location": "bottom-right", "child": {"type": "box"}, "corner": {"type": "box"}}"#)
        guard case .corner(let spec) = corner.kind else { Issue.record("not a corner"); return }
        #expect(spec.location == .bottomRight)
    }

    // A JSON object has no order: `width` and `height` win over their axis
    // of `preferredSize` before or after it.
    @Test func widthAndHeightWinOverPreferredSizeInAnyOrder() throws {
        for style in [
            #"{"width": 50, "preferredSize": {"width": 100, "height": 10}}"#,
            #"{"preferredSize": {"width": 100, "height": 10}, "width": 50}"#,
        ] {
            let box = try decodeRoot(#"{"type": "box", "style": \#(style)}"#)
            #expect(box.style.width == .points(50), "\(style)")
            #expect(box.style.height == .points(10), "\(style)")
        }
        let tall = try decodeRoot(#"{"type": "box", "style": {"height": 7, "preferredSize": {"width": 100, "height": 10}}}"#)
        #expect(tall.style.width == .points(100) && tall.style.height == .points(7))
    }

    @Test func decodesSingleChildSpecs() throws {
        let inset = try decodeRoot(
            #"{"type": "inset", "insets": {"top": 1, "left": null, "right": -3}, "child": {"type": "box", "id": "c"}}"#)
        guard case .inset(let insets) = inset.kind else { Issue.record("not an inset"); return }
        #expect(insets == InsetSpec(top: 1, left: .infinity, bottom: 0, right: -3))
        #expect(inset.children.map(\.id) == ["c"])

        let center = try decodeRoot(
            #"{"type": "center", "centeringOptions": "xy", "sizingOptions": "minimumY", "child": {"type": "box"}}"#)
        guard case .center(let spec) = center.kind else { Issue.record("not a center"); return }
        #expect(spec == CenterSpec(centerX: true, centerY: true, sizing: .height))
        // A run of capitals is one word in the kebab spelling, as openapi.yaml lists it.
        for token in ["minimumXY", "minimum-xy"] {
            let both = try decodeRoot(#"{"type": "center", "sizingOptions": "\#(token)", "child": {"type": "box"}}"#)
            guard case .center(let spec) = both.kind else { Issue.record("not a center"); return }
            #expect(spec.sizing == [.width, .height], "\(token)")
        }
        #expect(throws: (any Error).self) {
            try decodeRoot(#"{"type": "center", "sizingOptions": "minimum-x-y", "child": {"type": "box"}}"#)
        }

        let ratio = try decodeRoot(#"{"type": "ratio", "ratio": 0.5, "child": {"type": "box"}}"#)
        guard case .ratio(let value) = ratio.kind else { Issue.record("not a ratio"); return }
        #expect(value == 0.5)

        let relative = try decodeRoot(
            #"{"type": "relative", "horizontalPosition": "end", "verticalPosition": "center", "#
                + #""sizingOption": "minimumSize", "child": {"type": "box"}}"#)
        guard case .relative(let rel) = relative.kind else { Issue.record("not relative"); return }
        #expect(rel == RelativeSpec(horizontal: .end, vertical: .center, sizing: [.width, .height]))

        let absolute = try decodeRoot(#"{"type": "absolute", "sizing": "sizeToFit", "children": [{"type": "box"}]}"#)
        guard case .absolute(let sizing) = absolute.kind else { Issue.record("not absolute"); return }
        #expect(sizing == .sizeToFit)

        let wrapper = try decodeRoot(#"{"type": "wrapper", "children": [{"type": "box"}, {"type": "view"}]}"#)
        #expect(wrapper.children.count == 2)
    }

    @Test func ordersChildrenInZOrder() throws {
        let background = try decodeRoot(
            #"{"type": "background", "child": {"type": "box", "id": "c"}, "background": {"type": "box", "id": "bg"}}"#)
        guard case .background(let hasBackground) = background.kind else { Issue.record("not background"); return }
        #expect(hasBackground)
        #expect(background.children.map(\.id) == ["bg", "c"])

        let noBackground = try decodeRoot(#"{"type": "background", "child": {"type": "box", "id": "c"}}"#)
        guard case .background(let flag) = noBackground.kind else { Issue.record("not background"); return }
        #expect(!flag)
        #expect(noBackground.children.map(\.id) == ["c"])

        let overlay = try decodeRoot(
            #"{"overlay": {"type": "box", "id": "o"}, "type": "overlay", "child": {"type": "box", "id": "c"}}"#)
        #expect(overlay.children.map(\.id) == ["c", "o"])

        let corner = try decodeRoot(
            #"{"type": "corner", "corner": {"type": "box", "id": "k"}, "child": {"type": "box", "id": "c"}, "#
                + #""offset": {"x": -2, "y": 3}, "wrapsCorner": true}"#)
        #expect(corner.children.map(\.id) == ["c", "k"])
        guard case .corner(let spec) = corner.kind else { Issue.record("not a corner"); return }
        #expect(spec == CornerSpec(location: .topLeft, offset: Point(x: -2, y: 3), wrapsCorner: true))
    }

    @Test func acceptsTypeAfterItsFields() throws {
        let element = try decodeRoot(
            #"{"children": [{"style": {"alignSelf": "start"}, "type": "box"}], "spacing": 3, "type": "stack"}"#)
        #expect(element.children.first?.style.alignSelf == .flexStart)
    }

    @Test func ignoresExtensionKeys() throws {
        let element = try decodeRoot(
            #"{"type": "box", "x-note": {"any": [1, 2]}, "style": {"x-color": "red", "width": 3}}"#)
        #expect(element.style.width == .points(3))
        #expect(try decodeNode(#"{"x-trace": "abc", "root": {"type": "box"}}"#).root.kind.typeName.description == "box")
    }
}

@Suite("Node request: style")
struct NodeRequestStyleTests {
    private func style(_ json: String, type: String = "flex") throws -> Style {
        try decodeRoot(#"{"type": "\#(type)", "style": \#(json)}"#).style
    }

    @Test func decodesTextureKeys() throws {
        let s = try style(
            #"{"preferredSize": {"width": 44, "height": 40}, "minWidth": "10%", "maxHeight": 300, "#
                + #""spacingBefore": -4, "spacingAfter": 5, "flexGrow": 1, "flexShrink": 0.5, "flexBasis": "50%", "#
                + #""ascender": 12, "descender": -3, "layoutPosition": {"x": 10, "y": 20}}"#, type: "box")
        #expect(s.width == .points(44))
        #expect(s.height == .points(40))
        #expect(s.minWidth == .fraction(0.1))
        #expect(s.maxHeight == .points(300))
        #expect(s.spacingBefore == -4)
        #expect(s.spacingAfter == 5)
        #expect(s.flexGrow == 1)
        #expect(s.flexShrink == 0.5)
        #expect(s.flexBasis == .fraction(0.5))
        #expect(s.ascender == 12)
        #expect(s.descender == -3)
        #expect(s.layoutPosition == Point(x: 10, y: 20))
    }

    @Test func decodesYogaKeys() throws {
        let s = try style(
            #"{"direction": "rtl", "flexDirection": "row-reverse", "justifyContent": "space-evenly", "#
                + #""alignItems": "baseline", "alignContent": "stretch", "flexWrap": "wrap-reverse", "flex": 2, "#
                + #""positionType": "absolute", "position": {"left": "auto", "top": -5}, "#
                + #""margin": {"horizontal": "auto", "start": 3}, "padding": "5%", "border": {"all": 2}, "#
                + #""gap": 4, "rowGap": "10%", "columnGap": 0, "aspectRatio": 1.5, "display": "contents", "#
                + #""overflow": "scroll", "boxSizing": "content-box", "width": "max-content", "height": "auto"}"#)
        #expect(s.direction == .rtl)
        #expect(s.flexDirection == .rowReverse)
        #expect(s.justifyContent == .spaceEvenly)
        #expect(s.alignItems == .baseline)
        #expect(s.alignContent == .stretch)
        #expect(s.flexWrap == .wrapReverse)
        #expect(s.flex == 2)
        #expect(s.positionType == .absolute)
        #expect(s.position == Edges(left: .auto, top: .points(-5)))
        #expect(s.margin == Edges(start: .points(3), horizontal: .auto))
        #expect(s.padding == Edges(all: .fraction(0.05)))
        #expect(s.border == Edges(all: .points(2)))
        #expect(s.gap == .points(4))
        #expect(s.rowGap == .fraction(0.1))
        #expect(s.columnGap == .points(0))
        #expect(s.aspectRatio == 1.5)
        #expect(s.display == .contents)
        #expect(s.overflow == .scroll)
        #expect(s.boxSizing == .contentBox)
        #expect(s.width == .maxContent)
        #expect(s.height == .auto)
    }

    @Test(arguments: [
        ("\"fit-content\"", Dimension.fitContent), ("\"stretch\"", .stretch), ("\"12.5%\"", .fraction(0.125)),
        ("0", .points(0)), ("7.25", .points(7.25)),
    ])
    func decodesDimensions(json: String, expected: Dimension) throws {
        #expect(try style(#"{"flexBasis": \#(json)}"#).flexBasis == expected)
    }

    @Test func readsAlignSelfInTheParentsVocabulary() throws {
        let texture = try decodeRoot(#"{"type": "stack", "children": [{"type": "box", "style": {"alignSelf": "end"}}]}"#)
        #expect(texture.children[0].style.alignSelf == .flexEnd)
        let flex = try decodeRoot(#"{"type": "flex", "children": [{"type": "box", "style": {"alignSelf": "end"}}]}"#)
        #expect(flex.children[0].style.alignSelf == .end)
        let flexStart = try decodeRoot(
            #"{"type": "flex", "children": [{"type": "box", "style": {"alignSelf": "flex-start"}}]}"#)
        #expect(flexStart.children[0].style.alignSelf == .flexStart)
        let cssOnTexture = try decodeRoot(
            #"{"type": "stack", "children": [{"type": "box", "style": {"alignSelf": "flex-end"}}]}"#)
        #expect(cssOnTexture.children[0].style.alignSelf == .flexEnd)
    }

    @Test func allowsIntrinsicSizesOnFlexChildren() throws {
        let element = try decodeRoot(
            #"{"type": "flex", "children": [{"type": "text", "text": "a", "style": {"width": "max-content"}}]}"#)
        #expect(element.children[0].style.width == .maxContent)
    }
}
