import WeftLayout

/// A table's rows, placed one after another by the same `StreamingPlacer`
/// that places a stream's rows as they are measured.
enum TableLayout {
    static func place(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        var placer = StreamingPlacer(request)!
        var sections: [SectionResult] = []
        sections.reserveCapacity(request.sections.count)
        for (s, section) in request.sections.enumerated() {
            let ms = measured[s]
            func supplementary(_ cell: Cell?, _ slot: CellSlot, _ m: MeasuredCell?) -> CellResult? {
                guard let cell, let m else { return nil }
                return placer.place(cell, section: s, slot: slot, m)
            }
            let header = supplementary(section.header, .header, ms.header)
            var items: [CellResult] = []
            items.reserveCapacity(section.items.count)
            for (i, cell) in section.items.enumerated() {
                Turns.checkpoint()
                items.append(placer.place(cell, section: s, slot: .item(i), ms.items[i]))
            }
            let footer = supplementary(section.footer, .footer, ms.footer)
            sections.append(SectionResult(id: section.id, header: header, footer: footer, items: items))
        }
        return Placement(contentSize: Size(width: geometry.tableWidth, height: placer.nextRowY), sections: sections)
    }
}
