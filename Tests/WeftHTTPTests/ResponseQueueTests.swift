import Testing
@testable import WeftHTTP

@Suite struct ResponseQueueTests {
    @Test func responsesLeaveInRequestOrderWhateverOrderTheyFinish() {
        var queue = ResponseQueue()
        let first = queue.reserve()
        let second = queue.reserve()
        var output: [UInt8] = []
        queue.complete(second, bytes: [2], closeAfter: false)
        let closedEarly = queue.takeReady(into: &output)
        #expect(!closedEarly)
        #expect(output.isEmpty)
        queue.complete(first, bytes: [1], closeAfter: false)
        let closed = queue.takeReady(into: &output)
        #expect(!closed)
        #expect(output == [1, 2])
        #expect(queue.isEmpty)
    }

    @Test func aClosingResponseDropsWhatFollowsIt() {
        var queue = ResponseQueue()
        queue.append([1], closeAfter: true)
        let late = queue.reserve()
        var output: [UInt8] = []
        let closed = queue.takeReady(into: &output)
        #expect(closed)
        #expect(output == [1])
        queue.complete(late, bytes: [9], closeAfter: false)
        #expect(queue.isEmpty)
    }
}

@Suite struct BearerComparisonTests {
    @Test func equalOnlyForIdenticalBytes() {
        let token = Array("Bearer abc".utf8)
        #expect(BearerAuthentication.constantTimeEquals(token, token))
        #expect(!BearerAuthentication.constantTimeEquals(Array("Bearer abd".utf8), token))
        #expect(!BearerAuthentication.constantTimeEquals(Array("Bearer ab".utf8), token))
        #expect(!BearerAuthentication.constantTimeEquals(Array("Bearer abcd".utf8), token))
        #expect(!BearerAuthentication.constantTimeEquals([], token))
    }
}
