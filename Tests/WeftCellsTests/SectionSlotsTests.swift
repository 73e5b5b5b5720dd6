import Testing
import WeftCells

@Suite struct SectionSlotsTests {
    @Test func eachSlotReadsAndWritesItsOwnValue() {
        var slots = SectionSlots<Int>()
        slots.items = [nil, nil, nil]
        slots[.header] = 1
        slots[.item(1)] = 2
        slots[.footer] = 3
        #expect(slots[.header] == 1)
        #expect(slots[.item(0)] == nil)
        #expect(slots[.item(1)] == 2)
        #expect(slots[.footer] == 3)
        #expect(slots.items == [nil, 2, nil])
    }

    @Test func anItemPastTheSectionHasNoValue() {
        var keys = SectionKeys()
        keys.items = [CellContentKey(low: 1, high: 2)]
        #expect(keys[.item(0)] == CellContentKey(low: 1, high: 2))
        #expect(keys[.item(1)] == nil)
        #expect(SectionKeys()[.header] == nil)
    }
}
