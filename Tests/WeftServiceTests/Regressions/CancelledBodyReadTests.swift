import Synchronization
import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// A non-streamed container request stops reading its body once it is
/// cancelled (its client gone or its time up), instead of reading and
/// checking every cell of a big body for nobody.
@Suite struct CancelledBodyReadTests {
    /// About 1 MB of cells, the last one `tail`: reading it whole takes many
    /// of the reader's cancellation looks.
    private static func bigTable(cells: Int = 5_000, tail: String) -> [UInt8] {
        var text = #"{"container":{"type":"table","bounds":{"width":320,"height":480}},"items":["#
        for k in 0..<cells {
            text += boxCell("c\(k)", height: Double(20 + k % 30), extra: #", "selectionStyle": "none""#) + ","
        }
        return Array((text + tail + "]}").utf8)
    }

    /// A contract error in the last cell: only a read that reaches it answers 422.
    private static let refusedAtTheEnd = bigTable(tail: #"{"kind": "no-such-kind"}"#)
    /// Malformed JSON at the very end: only a read that reaches it answers 400.
    private static let malformedAtTheEnd = bigTable(tail: #"{"id": "last", "node": {"type": "box"}"#)

    /// A flag that says "cancelled" from its `after`-th look on, counting looks.
    private final class CountingFlag: Sendable {
        let looks = Atomic<Int>(0)
        let after: Int
        init(after: Int) { self.after = after }
        var flag: CancellationFlag {
            CancellationFlag { self.looks.add(1, ordering: .relaxed).newValue >= self.after }
        }
    }

    private func refusal(_ preparation: ContainerEngine.Preparation) -> Problem? {
        if case .refused(let problem) = preparation { return problem }
        return nil
    }

    @Test func theBodiesAreRefusedWhenReadToTheEnd() {
        let engine = makeEngine()
        #expect(refusal(engine.prepare(Self.refusedAtTheEnd, cancellation: CancellationFlag()))?.status == 422)
        #expect(refusal(engine.prepare(Self.malformedAtTheEnd, cancellation: CancellationFlag()))?.status == 400)
    }

    @Test func aRequestCancelledBeforeItsReadStopsAtOnce() {
        let counting = CountingFlag(after: 1)
        let problem = refusal(makeEngine().prepare(Self.refusedAtTheEnd, cancellation: counting.flag))
        #expect(problem?.type == .requestTimeout)
        #expect(problem?.path == nil)
        #expect(counting.looks.load(ordering: .relaxed) == 1)
    }

    @Test func aRequestCancelledDuringItsReadStopsAtTheNextLook() {
        // The body is read in stretches of `cancellationCheckBytes`; the third
        // look says "cancelled", so no cell past the third stretch is read.
        let counting = CountingFlag(after: 3)
        #expect(Self.refusedAtTheEnd.count > 6 * JSONReader.cancellationCheckBytes)
        let problem = refusal(makeEngine().prepare(Self.refusedAtTheEnd, cancellation: counting.flag))
        #expect(problem?.type == .requestTimeout)
        #expect(counting.looks.load(ordering: .relaxed) == 3)
    }

    @Test func aCancelledReadDoesNotLookOnForASyntaxError() {
        let counting = CountingFlag(after: 2)
        let problem = refusal(makeEngine().prepare(Self.malformedAtTheEnd, cancellation: counting.flag))
        #expect(problem?.type == .requestTimeout)
    }

    @Test func aStreamReadWholeStopsBeforeItsFirstRecord() {
        // A collection is never pipelined: its body is read whole before the 200.
        var text = #"{"container":{"type":"collection","bounds":{"width":320,"height":480}},"items":["#
        text += (0..<5_000).map { boxCell("c\($0)", height: 20) }.joined(separator: ",") + #",{"kind": "no-such-kind"}]}"#
        let body = Array(text.utf8)
        let engine = makeEngine()
        guard case .refused(let whole) = engine.beginStream(body, cancellation: CancellationFlag()) else {
            Issue.record("read to the end, the bad last cell is refused")
            return
        }
        #expect(whole.status == 422)
        let counting = CountingFlag(after: 2)
        guard case .refused(let problem) = engine.beginStream(body, cancellation: counting.flag) else {
            Issue.record("a cancelled stream read must not start its answer")
            return
        }
        #expect(problem.type == .requestTimeout)
        #expect(counting.looks.load(ordering: .relaxed) == 2)
    }

    @Test func theWholeAnswerIsTheRequestTimeoutProblem() throws {
        let cancelled = CancellationFlag()
        cancelled.cancel()
        let response = makeEngine().respond(body: Self.refusedAtTheEnd, cancellation: cancelled)
        #expect(response.status == 408)
        let problem = try JSONValue.parse(response.body)
        #expect(problem["type"] == .string(ProblemType.requestTimeout.uri))
    }
}
