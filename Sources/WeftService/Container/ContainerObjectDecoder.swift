import WeftCells
import WeftJSON
import WeftLayout

/// The request's `container` object: its type, viewport and the scrolling
/// state a stateless service is told.
extension ContainerRequestDecoder {
    static func decodeContainer(_ r: inout JSONReader) throws(RequestError) -> Container {
        try decodeContainer(&r, boundsRequired: true).container
    }

    /// A nested container's bounds are optional (they follow its element's
    /// size); `boundsGiven` says whether they were sent.
    static func decodeContainer(
        _ r: inout JSONReader, boundsRequired: Bool
    ) throws(RequestError) -> (container: Container, boundsGiven: Bool) {
        var container = Container(type: .table, bounds: .zero)
        var sawType = false
        var sawBounds = false
        var present = KeysSeen<ContainerKey>()
        // Resolved once the type is known (it may come after): a buffer left
        // out keeps the default of this kind of container.
        var tuning: [RangeTuningKey: SentTuning] = [:]
        if try r.contractObjectStart() {
            repeat {
                let key = try r.key()
                guard let field = ContainerKey.table.lookup(key) else {
                    try r.skipExtension(key, context: "a container")
                    continue
                }
                do throws(RequestError) {
                    guard present.insert(field) else {
                        throw RequestError.twice(field.rawValue)
                    }
                    if field == .rangeTuning {
                        tuning = try decodeRangeTuning(&r)
                    } else {
                        try decodeField(field, into: &container, &r)
                    }
                } catch {
                    throw error.at(field.rawValue)
                }
                if field == .type { sawType = true }
                if field == .bounds { sawBounds = true }
            } while try r.objectNext()
        }
        guard sawType else {
            throw RequestError(.missingField, "a container needs a \"type\": table, collection or pager")
        }
        for (key, sent) in tuning {
            let defaults = RangeTuning.parameters(mode: key.mode, type: key.type, container: container.type)
            container.rangeTuning[key] = TuningParameters(
                leading: sent.leading ?? defaults.leadingBufferScreenfuls,
                trailing: sent.trailing ?? defaults.trailingBufferScreenfuls)
        }
        guard sawBounds || !boundsRequired else { throw RequestError(.missingField, "a container needs its \"bounds\"") }
        // Every gallery item is exactly `gallery.itemSize`, which has no default.
        if container.type == .collection && container.layout == .gallery && !present.contains(.gallery) {
            throw RequestError(.missingField, "a gallery needs its \"gallery\" object, with its \"itemSize\"")
        }
        if let key = ContainerKey.allCases.first(where: { present.contains($0) && !$0.applies(to: container.type) }) {
            throw RequestError(
                .unknownKey, "\"\(key.rawValue)\" is not a key of a \(container.type.rawValue) container"
            ).at(key.rawValue)
        }
        // A layout's own object under another layout would change nothing:
        // most likely `layout` was left out, which must not quietly give a flow.
        for (key, layout) in [(ContainerKey.gallery, CollectionLayoutType.gallery), (.masonry, .masonry)]
        where container.type == .collection && present.contains(key) && container.layout != layout {
            throw RequestError(
                .unknownKey,
                "\"\(key.rawValue)\" is read only with \"layout\": \"\(key.rawValue)\"; this collection's layout is \(container.layout.rawValue)"
            ).at(key.rawValue)
        }
        return (container, sawBounds)
    }

    private static func decodeField(
        _ field: ContainerKey, into c: inout Container, _ r: inout JSONReader
    ) throws(RequestError) {
        switch field {
        case .type: c.type = try r.contractToken(ContainerTokens.containerType)
        // A missing or null axis reads as 0, which validation refuses with the path of `bounds`.
        case .bounds: c.bounds = try r.contractSize(missing: 0)
        case .contentOffset: c.contentOffset = try r.contractPoint()
        case .contentInset: c.contentInset = try r.contractEdges(ContainerTokens.insetRules)
        case .scrolling:
            let kind = try r.peekKind()
            guard kind == .string else { throw r.wrongType("a scrolling direction", got: kind) }
            let token = try r.readString()
            guard let direction = ScrollDirection(token: token) else {
                throw RequestError(
                    .unknownToken,
                    "unknown scrolling \"\(token.excerpt)\"; expected none, up, down, left, right or two joined by - (down-right)")
            }
            c.scrolling = direction
        case .rangeMode: c.rangeMode = try r.contractToken(ContainerTokens.rangeMode)
        case .rangeTuning: preconditionFailure("read by decodeContainer, which knows the type only at the end")
        case .leadingScreensForBatching: c.leadingScreensForBatching = try r.contractContainerLength()
        case .fetching: c.fetching = try r.contractBool()
        case .visible: c.visible = try r.contractBool()
        case .separatorStyle: c.separatorStyle = try r.contractToken(ContainerTokens.separatorStyle)
        case .scrollDirection: c.scrollDirection = try r.contractToken(ContainerTokens.scrollDirection)
        case .flow: c.flow = try decodeFlow(&r)
        case .currentPage:
            // Negative pages are refused here; pages past the end by validation, which knows the count.
            c.currentPage = try r.contractInteger(in: 0...Int(Int32.max))
        case .previousBounds: c.previousBounds = try r.contractSize(missing: 0)
        case .circular: c.circular = try r.contractBool()
        case .layout: c.layout = try r.contractToken(ContainerTokens.collectionLayout)
        case .gallery:
            let settings = try decodeCollectionLayout(&r, keys: CollectionLayoutKey.gallery, name: "gallery")
            // A missing member is reported at the object that lacks it.
            guard let itemSize = settings.itemSize else {
                throw RequestError(.missingField, "a gallery needs its \"itemSize\"")
            }
            c.gallery = GallerySettings(itemSize: itemSize, spacing: settings.spacing)
        case .masonry:
            let settings = try decodeCollectionLayout(&r, keys: CollectionLayoutKey.masonry, name: "masonry")
            c.masonry = MasonrySettings(columns: settings.columns ?? MasonrySettings().columns, spacing: settings.spacing)
        case .pinHeaders: c.pinHeaders = try r.contractBool()
        }
    }

    /// `gallery` or `masonry`: its own size key and the spacings it sets itself.
    private static func decodeCollectionLayout(
        _ r: inout JSONReader, keys: KeyTable<CollectionLayoutKey>, name: String
    ) throws(RequestError) -> (spacing: CollectionSpacing, itemSize: Size?, columns: Int?) {
        var result: (spacing: CollectionSpacing, itemSize: Size?, columns: Int?) = (CollectionSpacing(), nil, nil)
        guard try r.contractObjectStart() else { return result }
        var present = KeysSeen<CollectionLayoutKey>()
        repeat {
            let key = try r.key()
            guard let field = keys.lookup(key) else {
                try r.skipExtension(key, context: "\(name) (accepted: \(keys.namesList))")
                continue
            }
            do throws(RequestError) {
                guard present.insert(field) else {
                    throw RequestError.twice(field.rawValue)
                }
                switch field {
                // A missing or null axis reads as 0, which validation refuses with this path.
                case .itemSize: result.itemSize = try r.contractSize(missing: 0)
                case .columns: result.columns = try r.contractInteger(in: 1...Int(Int32.max))
                case .itemSpacing: result.spacing.itemSpacing = try r.contractContainerLength()
                case .lineSpacing: result.spacing.lineSpacing = try r.contractContainerLength()
                case .sectionInset: result.spacing.sectionInset = try r.contractEdges(ContainerTokens.insetRules)
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        return result
    }

    private static func decodeFlow(_ r: inout JSONReader) throws(RequestError) -> FlowSettings {
        var flow = FlowSettings()
        var present = KeysSeen<FlowKey>()
        guard try r.contractObjectStart() else { return flow }
        repeat {
            let key = try r.key()
            guard let field = FlowKey.table.lookup(key) else {
                try r.skipExtension(key, context: "flow (accepted: \(FlowKey.table.namesList))")
                continue
            }
            do throws(RequestError) {
                guard present.insert(field) else {
                    throw RequestError.twice(field.rawValue)
                }
                switch field {
                case .itemSpacing: flow.itemSpacing = try r.contractContainerLength()
                case .lineSpacing: flow.lineSpacing = try r.contractContainerLength()
                case .sectionInset: flow.sectionInset = try r.contractEdges(ContainerTokens.insetRules)
                case .alignment: flow.alignment = try r.contractToken(ContainerTokens.flowAlignment)
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        return flow
    }

    /// The buffers one `rangeTuning` entry sends; nil where it leaves one out.
    private struct SentTuning {
        var leading: Double?
        var trailing: Double?
    }

    /// `{"full": {"display": {"leadingBufferScreenfuls": 1, ...}, "preload": {...}}, ...}`.
    private static func decodeRangeTuning(
        _ r: inout JSONReader
    ) throws(RequestError) -> [RangeTuningKey: SentTuning] {
        var result: [RangeTuningKey: SentTuning] = [:]
        var modes = KeysSeen<RangeMode>()
        guard try r.contractObjectStart() else { return result }
        repeat {
            let modeKey = try r.key()
            guard let mode = ContainerTokens.rangeMode.lookup(modeKey) else {
                if modeKey.isExtension {
                    try r.skipValue()
                    continue
                }
                throw RequestError(
                    .unknownKey,
                    "unknown range mode \"\(modeKey.string)\"; expected one of \(ContainerTokens.rangeMode.namesList)"
                ).at(modeKey.string)
            }
            do throws(RequestError) {
                guard modes.insert(mode) else { throw RequestError.twice(mode.rawValue) }
                var types = KeysSeen<RangeType>()
                guard try r.contractObjectStart() else { continue }
                repeat {
                    let typeKey = try r.key()
                    guard let type = ContainerTokens.rangeType.lookup(typeKey) else {
                        try r.skipExtension(typeKey, context: "range tuning (accepted: display, preload)")
                        continue
                    }
                    guard types.insert(type) else { throw RequestError.twice(type.rawValue).at(type.rawValue) }
                    let key = RangeTuningKey(mode: mode, type: type)
                    do throws(RequestError) {
                        result[key] = try decodeTuning(&r)
                    } catch {
                        throw error.at(type.rawValue)
                    }
                } while try r.objectNext()
            } catch {
                throw error.at(mode.rawValue)
            }
        } while try r.objectNext()
        return result
    }

    private static func decodeTuning(_ r: inout JSONReader) throws(RequestError) -> SentTuning {
        var p = SentTuning()
        var seen = KeysSeen<TuningKey>()
        guard try r.contractObjectStart() else { return p }
        repeat {
            let key = try r.key()
            guard let field = TuningKey.table.lookup(key) else {
                try r.skipExtension(key, context: "tuning parameters (accepted: \(TuningKey.table.namesList))")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(field) else { throw RequestError.twice(field.rawValue) }
                switch field {
                case .leadingBufferScreenfuls: p.leading = try r.contractContainerLength()
                case .trailingBufferScreenfuls: p.trailing = try r.contractContainerLength()
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        return p
    }
}
