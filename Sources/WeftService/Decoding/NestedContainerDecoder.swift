import WeftCells
import WeftLayout

/// A `container` element's fields while it is read: the `container` object
/// and its cells, with each cell's tree decoded.
final class NestedContainerFields {
    var container: Container?
    var boundsGiven = false
    var sections: [Section]?
    var shorthand = false

    /// The element's kind payload once its object is closed: the request,
    /// checked as a container request is (its paths under the element).
    static func content(_ fields: NestedContainerFields?) throws(RequestError) -> NestedContainer {
        guard let fields, let container = fields.container else {
            throw RequestError(.missingField, "a container element needs a \"container\"")
        }
        guard let sections = fields.sections else {
            throw RequestError(.missingField, "a container element needs \"items\" or \"sections\"")
        }
        var request = ContainerRequest(container: container, sections: sections, usesItemsShorthand: fields.shorthand)
        if !fields.boundsGiven {
            // Any positive bounds: the real ones follow the element's size at layout.
            request.container.bounds = Size(width: 1, height: 1)
        }
        if let first = ContainerValidation.validate(request).first {
            throw first.requestError
        }
        return NestedContainer(request: request, boundsGiven: fields.boundsGiven)
    }
}

/// Reading a `container` element's `container`, `items` and `sections`.
/// Each cell's tree is decoded by a decoder of its own that carries on this
/// one's counts: elements and nested cells count against the request's
/// limits, and depth continues from the container element's.
extension ElementDecoder {
    mutating func decodeNestedField(
        _ field: ElementField, into frame: UnsafeMutablePointer<Frame>, depth: Int, _ r: inout JSONReader
    ) throws(RequestError) {
        let nested = frame.pointee.fields.nested ?? NestedContainerFields()
        frame.pointee.fields.nested = nested
        let path = elementPath(depth: depth)
        switch field {
        case .container:
            (nested.container, nested.boundsGiven) = try ContainerRequestDecoder.decodeContainer(&r, boundsRequired: false)
        case .items, .sections:
            if nested.sections != nil {
                throw RequestError(.invalidValue, "send either \"sections\" or the \"items\" shorthand, not both")
            }
            let innerFrames = nestedFrames ?? FrameStack()
            nestedFrames = innerFrames
            var inner = ElementDecoder(limits: limits, frames: innerFrames)
            inner.depthOffset = depthOffset + depth + 1
            inner.elementCount = elementCount
            inner.reportedFamilies = reportedFamilies
            inner.reportsViewsWithoutSize = false
            inner.reportsLinesOfEveryText = reportsLinesOfEveryText
            if field == .items {
                nested.shorthand = true
                nested.sections = [Section(items: try inner.decodeNestedItems(&r, at: path.appending(.key("items"))))]
            } else {
                nested.sections = try inner.decodeNestedSections(&r, at: path.appending(.key("sections")))
            }
            elementCount = inner.elementCount
            reportedFamilies = inner.reportedFamilies
            warnings += inner.warnings
        default:
            preconditionFailure("not a container field")
        }
    }

    private mutating func decodeNestedSections(_ r: inout JSONReader, at path: JSONPointer) throws(RequestError) -> [Section] {
        var sections: [Section] = []
        guard try r.contractArrayStart() else { return sections }
        repeat {
            let s = sections.count
            do throws(RequestError) {
                sections.append(try decodeNestedSection(&r, at: path.appending(.index(s))))
            } catch {
                throw error.at(s)
            }
        } while try r.arrayNext()
        return sections
    }

    private mutating func decodeNestedSection(_ r: inout JSONReader, at path: JSONPointer) throws(RequestError) -> Section {
        var section = Section()
        var seen: Set<SectionKey> = []
        guard try r.contractObjectStart() else { return section }
        repeat {
            let key = try r.key()
            guard let field = SectionKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a section")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(field).inserted else { throw ContainerRequestDecoder.twice(field.rawValue) }
                let fieldPath = path.appending(.key(field.rawValue))
                switch field {
                case .id: section.id = try r.contractString()
                case .header: section.header = try decodeNestedCell(&r, at: fieldPath)
                case .footer: section.footer = try decodeNestedCell(&r, at: fieldPath)
                case .items: section.items = try decodeNestedItems(&r, at: fieldPath)
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        return section
    }

    private mutating func decodeNestedItems(_ r: inout JSONReader, at path: JSONPointer) throws(RequestError) -> [Cell] {
        var items: [Cell] = []
        guard try r.contractArrayStart() else { return items }
        repeat {
            let i = items.count
            do throws(RequestError) {
                items.append(try decodeNestedCell(&r, at: path.appending(.index(i))))
            } catch {
                throw error.at(i)
            }
        } while try r.arrayNext()
        return items
    }

    /// One cell: read as a container request's cell, then its tree decoded
    /// in an id scope of its own. A cell counts as an element, so a request's
    /// nested cells are bounded with its elements.
    private mutating func decodeNestedCell(_ r: inout JSONReader, at path: JSONPointer) throws(RequestError) -> Cell {
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            throw RequestError(.limitExceeded, "more than \(limits.maxElements) elements in one request")
        }
        var (cell, source) = try ContainerRequestDecoder.decodeCell(&r)
        if source.ref != nil {
            throw RequestError(
                .invalidValue, "a nested container's cells are sent with their content, not as refs"
            ).at("ref")
        }
        guard let node = source.node else { return cell }
        beginIDScope()
        var tree = JSONReader(UnsafeBufferPointer(rebasing: r.bytes[node.range]), maxDepth: r.maxDepth)
        do throws(RequestError) {
            cell.node = try decodeRoot(&tree, at: path.appending(.key("node")))
        } catch {
            throw error.at("node")
        }
        return cell
    }
}
