import Synchronization
import WeftCells

/// One long `items` array read on two threads, for a stream: its start
/// record waits for the whole body to be read (it counts the cells), and on
/// a feed of thousands of cells that read is the stream's first-record
/// latency.
///
/// The second thread guesses where an item starts halfway through what is
/// left of the body: a `}`, a `,` and a `{` (whitespace allowed), which also
/// matches between sibling elements inside a tree, so a guess that does not
/// read as items up to the array's end is dropped for the next. The calling
/// thread reads from the array's start and stops between two items when it
/// arrives exactly at the current guess. From there, reading depends only on
/// the bytes and the depth, so the second thread read what the first would
/// have; the two parts are joined only when both agree on that point.
/// Otherwise (the array ended first, the guess was never an item's start,
/// the cell limit was passed) the calling thread reads on alone, so that
/// the request, its errors included, is exactly what one thread reads.
enum ItemsSplit {
    /// With less left than this, one thread reads: handing half over to
    /// another thread costs more than it saves.
    static let minimumBytes = 256 << 10
    /// How far past the middle the second thread looks for an item's start.
    static let searchBytes = 64 << 10

    /// Where the second thread starts looking, if the body is long enough.
    static func middle(_ r: JSONReader) -> Int? {
        let left = r.bytes.count - r.offset
        return left >= minimumBytes ? r.offset + left / 2 : nil
    }

    /// The first `{` at or after `from` (before `end`) that follows a `}`
    /// and a `,`.
    static func candidate(in bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = min(end, bytes.count)
        func skipSpace(_ j: inout Int) {
            while j < end, JSONReader.isWhitespace(base[j]) { j += 1 }
        }
        var i = from
        while i < end {
            if base[i] == UInt8(ascii: "}") {
                var j = i + 1
                skipSpace(&j)
                if j < end, base[j] == UInt8(ascii: ",") {
                    j += 1
                    skipSpace(&j)
                    if j < end, base[j] == UInt8(ascii: "{") { return j }
                }
            }
            i += 1
        }
        return nil
    }

    /// Reads the items of the array `r` is inside of (at its first item)
    /// into `run`, the second half on another thread of `pool`; true when
    /// the two halves were joined (else one thread read it all).
    @discardableResult
    static func read(
        _ r: inout JSONReader, count: inout Int, memo: RawCellMemo?, pool: LayoutWorkerPool, middle: Int,
        into run: inout ItemRun
    ) throws(RequestError) -> Bool {
        let start = Stretch(reader: r, count: count)
        let point = SplitPoint()
        let parts = pool.run(count: 2, chunkSize: 1) { part -> Stretch in
            var stretch = start
            if part == 0 {
                stretch.readFirst(memo: memo, point: point)
            } else {
                stretch.readSecond(memo: memo, point: point, middle: middle)
            }
            return stretch
        }
        guard let parts else { preconditionFailure("a split read is never cancelled") }
        let (first, second) = (parts[0], parts[1])
        r = first.reader.value
        count = first.count
        run = first.run
        if let error = first.error { throw error }
        guard let stop = first.stop else { return false }
        let total = count + second.run.cells.count
        guard second.stop == stop, ContainerLimits.error(cellCount: total, path: "") == nil else {
            try ContainerRequestDecoder.readItems(&r, count: &count, memo: memo, into: &run)
            return false
        }
        let shift = run.cells.count
        run.cells += second.run.cells
        run.sources += second.run.sources
        run.unseen += second.run.unseen.map { ($0.item + shift, $0.key, $0.start) }
        run.lengths += second.run.lengths
        count = total
        r = second.reader.value
        return true
    }
}

/// One thread's part of a split read: its reader, and what it read.
private struct Stretch: Sendable {
    var reader: SendableReader
    var count: Int
    var run = ItemRun()
    var error: RequestError?
    /// First part: where it stopped, between two items. Second part: where
    /// it started, having read from there to the array's end.
    var stop: Int?

    init(reader: JSONReader, count: Int) {
        self.reader = SendableReader(value: reader)
        self.count = count
    }

    mutating func readFirst(memo: RawCellMemo?, point: SplitPoint) {
        do throws(RequestError) {
            while true {
                try ContainerRequestDecoder.readItem(&reader.value, count: &count, memo: memo, into: &run)
                guard try reader.value.arrayNext() else { break }
                _ = reader.value.peekByte()
                if reader.value.offset == point.guess {
                    stop = reader.value.offset
                    return
                }
            }
        } catch {
            self.error = error
        }
        // The array ended (or broke) before the guess: the second part is of no use.
        point.abandon()
    }

    mutating func readSecond(memo: RawCellMemo?, point: SplitPoint, middle: Int) {
        let (reader0, count0) = (reader, count)
        var from = middle
        while let guess = ItemsSplit.candidate(in: reader0.value.bytes, from: from, end: middle + ItemsSplit.searchBytes) {
            point.guess = guess
            (reader, count, run) = (reader0, count0, ItemRun())
            reader.value.offset = guess
            do throws(RequestError) {
                repeat {
                    if point.isAbandoned { return }
                    try ContainerRequestDecoder.readItem(&reader.value, count: &count, memo: memo, into: &run)
                } while try reader.value.arrayNext()
                stop = guess
                return
            } catch {
                // A guess that is not an item's start fails on its first
                // item (a tree's element is no cell). A failure further on is
                // an error in the body, which the first part's serial read
                // reports: trying each later start would read the items up
                // to it again and again.
                guard run.cells.isEmpty else { return }
                from = guess
            }
        }
    }
}

/// A reader handed to another thread: its buffer (the request body) outlives
/// the split read, which joins before returning.
private struct SendableReader: @unchecked Sendable {
    var value: JSONReader
}

/// What the two parts tell each other while they run: the second part's
/// current guess, and the first part's giving up on it. Both are only
/// hints; the parts are joined by what they return.
private final class SplitPoint: Sendable {
    private let current = Atomic<Int>(-1)
    private let abandoned = Atomic<Bool>(false)

    var guess: Int {
        get { current.load(ordering: .relaxed) }
        set { current.store(newValue, ordering: .relaxed) }
    }

    func abandon() { abandoned.store(true, ordering: .relaxed) }
    var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }
}
