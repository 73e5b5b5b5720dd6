/// Random *valid* `POST /v1/layout/node` bodies, for the property tests and for
/// the layout fuzz target (Fuzz/LayoutTree, which compiles this file too, so
/// the fuzzer and the tests explore the same space of trees).
///
/// Driven by `TreeEntropy`: a seeded generator in tests, the fuzzer's bytes in
/// the fuzz target. Sizes are whole points so a size range stays on every
/// pixel grid and "the size lies in the range" needs no tolerance.
struct TreeEntropy {
    private var bytes: [UInt8]
    private var index = 0
    private var state: UInt64
    private let seeded: Bool

    /// SplitMix64: small, fast, and the same sequence on every platform.
    init(seed: UInt64) {
        bytes = []
        state = seed
        seeded = true
    }

    /// The fuzzer's input; once it runs out every choice is 0, the smallest tree.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        state = 0
        seeded = false
    }

    mutating func next() -> UInt64 {
        if seeded {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return UInt64(bytes[index])
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

struct RandomTrees {
    var entropy: TreeEntropy
    /// Bounds the tree so one case stays cheap (fuzzing wants many per second).
    var maxDepth = 5
    var maxChildren = 4
    /// Whether a flex element's children may be specs with children of their own.
    var flexSubtrees = true
    /// Percentages only where the range bounds both axes: a fraction of an
    /// unbounded axis is infinite (Texture's ASDimensionResolve), which Texture
    /// lays out as an invalid size, 0, even below the range's minimum
    /// (docs/RELIABILITY.md, "Findings").
    private var allowPercent = true
    private var nextID = 0

    init(_ entropy: TreeEntropy) { self.entropy = entropy }

    /// A whole node request; `width` pins the range's width when given (cells).
    mutating func request(width: Int? = nil) -> String {
        let minW = width ?? entropy.pick([0, 0, 10, 100, 320])
        let maxW = width.map(String.init) ?? entropy.pick(["null", "\(minW)", "\(minW + 50)", "\(minW + 375)"])
        let minH = entropy.pick([0, 0, 20, 44])
        let maxH = entropy.pick(["null", "null", "\(minH)", "\(minH + 200)"])
        allowPercent = maxW != "null" && maxH != "null"
        let scale = entropy.pick([0, 1, 2, 3])
        let direction = entropy.pick(["ltr", "rtl"])
        return #"{"sizeRange":{"min":{"width":\#(minW),"height":\#(minH)},"max":{"width":\#(maxW),"height":\#(maxH)}},"#
            + #""pointScale":\#(scale),"direction":"\#(direction)","root":\#(element(depth: 0, inFlex: false))}"#
    }

    /// One element and its subtree, as JSON; `inFlex` when its parent is a flex.
    mutating func element(depth: Int, inFlex: Bool) -> String {
        let leaf = depth >= maxDepth || entropy.chance(35)
        let type = leaf
            ? entropy.pick(["box", "box", "image", "text", "text", "view"])
            : entropy.pick(["stack", "stack", "inset", "overlay", "background", "center", "ratio",
                            "relative", "absolute", "corner", "wrapper", "flex", "flex"])
        var fields = [#""type":"\#(type)""#]
        if entropy.chance(60) {
            nextID += 1
            fields.append(#""id":"e\#(nextID)""#)
        }
        let style = self.style(inFlex: inFlex || type == "flex", isFlex: type == "flex", parentIsFlex: inFlex)
        if !style.isEmpty { fields.append(#""style":{\#(style)}"#) }
        let childDepth = depth + 1
        let flex = type == "flex"
        switch type {
        case "image":
            fields.append(#""intrinsicSize":{"width":\#(entropy.below(400)),"height":\#(entropy.below(400))}"#)
        case "view":
            fields.removeAll { $0.hasPrefix(#""style""#) }
            fields.append(#""style":{"preferredSize":{"width":\#(entropy.below(300)),"height":\#(entropy.below(300))}}"#)
        case "text":
            fields.append(contentsOf: text())
        case "stack":
            fields.append(#""direction":"\#(entropy.pick(["vertical", "horizontal", "verticalReverse", "horizontalReverse"]))""#)
            fields.append(#""spacing":\#(entropy.pick([0, 0, 4, 8, 12]))"#)
            fields.append(#""justifyContent":"\#(entropy.pick(["start", "center", "end", "spaceBetween", "spaceAround"]))""#)
            fields.append(#""alignItems":"\#(entropy.pick(["start", "end", "center", "stretch", "baselineFirst", "baselineLast"]))""#)
            fields.append(#""flexWrap":"\#(entropy.pick(["noWrap", "noWrap", "wrap"]))""#)
            fields.append(#""lineSpacing":\#(entropy.pick([0, 6]))"#)
            fields.append(children(depth: childDepth, inFlex: false))
        case "inset":
            fields.append(#""insets":{"top":\#(entropy.below(20)),"left":\#(entropy.below(20)),"bottom":\#(entropy.below(20)),"right":\#(entropy.below(20))}"#)
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
        case "overlay":
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
            fields.append(#""overlay":\#(element(depth: childDepth, inFlex: false))"#)
        case "background":
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
            fields.append(#""background":\#(element(depth: childDepth, inFlex: false))"#)
        case "center":
            fields.append(#""centeringOptions":"\#(entropy.pick(["none", "x", "y", "xy"]))""#)
            fields.append(#""sizingOptions":"\#(entropy.pick(["default", "minimumX", "minimumY", "minimumXY"]))""#)
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
        case "ratio":
            fields.append(#""ratio":\#(entropy.pick(["0.5", "1", "1.5", "0.5625", "3"]))"#)
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
        case "relative":
            let positions = ["none", "start", "center", "end"]
            fields.append(#""horizontalPosition":"\#(entropy.pick(positions))","verticalPosition":"\#(entropy.pick(positions))""#)
            fields.append(#""sizingOption":"\#(entropy.pick(["default", "minimumWidth", "minimumHeight", "minimumSize"]))""#)
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
        case "absolute":
            fields.append(#""sizing":"\#(entropy.pick(["default", "sizeToFit"]))""#)
            fields.append(children(depth: childDepth, inFlex: false))
        case "corner":
            fields.append(#""location":"\#(entropy.pick(["topLeft", "topRight", "bottomLeft", "bottomRight"]))""#)
            fields.append(#""offset":{"x":\#(entropy.below(21) - 10),"y":\#(entropy.below(21) - 10)}"#)
            fields.append(#""wrapsCorner":\#(entropy.chance(50))"#)
            fields.append(#""child":\#(element(depth: childDepth, inFlex: false))"#)
            fields.append(#""corner":\#(element(depth: childDepth, inFlex: false))"#)
        case "wrapper":
            fields.append(children(depth: childDepth, inFlex: false))
        default:
            precondition(flex || leaf)
            // Without flexSubtrees a flex's children are leaves (to isolate the flex algorithm).
            if flex { fields.append(children(depth: flexSubtrees ? childDepth : maxDepth, inFlex: true)) }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func children(depth: Int, inFlex: Bool) -> String {
        let count = entropy.below(maxChildren + 1)
        var list: [String] = []
        for _ in 0..<count { list.append(element(depth: depth, inFlex: inFlex)) }
        return #""children":[\#(list.joined(separator: ","))]"#
    }

    private mutating func text() -> [String] {
        let samples = ["Hello", "The quick brown fox jumps over the lazy dog", "Texture",
                       "日本語のテキストを折り返す", "مرحبا بالعالم", "emoji 👍🏽 and ZWJ 👨‍👩‍👧", "a\u{00AD}b soft-hyphen",
                       "", " ", "supercalifragilisticexpialidocious", "line\nbreak"]
        var words: [String] = []
        for _ in 0...entropy.below(3) { words.append(entropy.pick(samples)) }
        let escaped = words.joined(separator: " ").replacingNewlines()
        var fields = [#""text":"\#(escaped)""#]
        let family = entropy.pick(["Inter", "Noto Sans", "DejaVu Sans", "Liberation Serif", "NoSuchFamily"])
        fields.append(#""font":{"family":"\#(family)","size":\#(entropy.pick([8, 12, 15, 17, 32])),"weight":\#(entropy.pick([400, 700])),"style":"\#(entropy.pick(["normal", "italic"]))"}"#)
        if entropy.chance(30) { fields.append(#""lineHeight":\#(entropy.pick([12, 20, 24]))"#) }
        fields.append(#""maxLines":\#(entropy.pick([0, 0, 1, 2, 3]))"#)
        fields.append(#""truncation":"\#(entropy.pick(["tail", "head", "middle", "clip"]))""#)
        if entropy.chance(20) { fields.append(#""letterSpacing":\#(entropy.pick([-1, 0, 1, 2]))"#) }
        return fields
    }

    /// Texture style keys for spec children, Yoga keys for flex containers and items.
    private mutating func style(inFlex: Bool, isFlex: Bool, parentIsFlex: Bool) -> String {
        var keys: [String] = []
        let percent = allowPercent
        let sizes = percent ? ["10", "44", "100", "\"50%\"", "\"auto\""] : ["10", "44", "100", "\"auto\""]
        if entropy.chance(30) { keys.append(#""width":\#(entropy.pick(sizes))"#) }
        if entropy.chance(30) { keys.append(#""height":\#(entropy.pick(sizes))"#) }
        if entropy.chance(10) { keys.append(#""minWidth":\#(entropy.pick(percent ? ["0", "20", "\"10%\""] : ["0", "20"]))"#) }
        if entropy.chance(10) { keys.append(#""maxHeight":\#(entropy.pick(percent ? ["50", "200", "\"90%\""] : ["50", "200"]))"#) }
        if entropy.chance(20) { keys.append(#""flexGrow":\#(entropy.pick([0, 1, 2]))"#) }
        if entropy.chance(20) { keys.append(#""flexShrink":\#(entropy.pick([0, 1]))"#) }
        if entropy.chance(10) { keys.append(#""flexBasis":\#(entropy.pick(percent ? ["0", "50", "\"auto\"", "\"25%\""] : ["0", "50", "\"auto\""]))"#) }
        if !parentIsFlex {
            if entropy.chance(10) { keys.append(#""spacingBefore":\#(entropy.below(10))"#) }
            if entropy.chance(10) { keys.append(#""layoutPosition":{"x":\#(entropy.below(50)),"y":\#(entropy.below(50))}"#) }
        }
        if isFlex {
            keys.append(#""flexDirection":"\#(entropy.pick(["row", "column", "row-reverse", "column-reverse"]))""#)
            keys.append(#""justifyContent":"\#(entropy.pick(["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]))""#)
            keys.append(#""alignItems":"\#(entropy.pick(["flex-start", "center", "flex-end", "stretch", "baseline"]))""#)
            if entropy.chance(30) { keys.append(#""flexWrap":"\#(entropy.pick(["no-wrap", "wrap", "wrap-reverse"]))""#) }
            if entropy.chance(30) { keys.append(#""gap":\#(entropy.pick(percent ? ["4", "\"5%\""] : ["4"]))"#) }
        }
        if inFlex {
            if entropy.chance(20) { keys.append(#""padding":\#(entropy.pick(percent ? ["4", "{\"horizontal\":8}", "\"10%\""] : ["4", "{\"horizontal\":8}"]))"#) }
            if entropy.chance(20) { keys.append(#""margin":\#(entropy.pick(["4", "{\"left\":\"auto\"}", "{\"all\":2,\"top\":6}"]))"#) }
            if entropy.chance(10) { keys.append(#""border":\#(entropy.pick(["1", "{\"bottom\":2}"]))"#) }
            if entropy.chance(10) { keys.append(#""aspectRatio":\#(entropy.pick(["1", "1.5"]))"#) }
            if entropy.chance(8) { keys.append(#""positionType":"\#(entropy.pick(["relative", "absolute"]))""#) }
            if entropy.chance(5) { keys.append(#""display":"\#(entropy.pick(["flex", "none", "contents"]))""#) }
        }
        return keys.joined(separator: ",")
    }
}

extension String {
    /// JSON-escapes the only characters the samples contain that need it.
    fileprivate func replacingNewlines() -> String {
        var out = ""
        for character in self { out += character == "\n" ? "\\n" : String(character) }
        return out
    }
}
