#if canImport(Glibc)
import Glibc
import CEpoll
#endif

/// One client connection. Lives on, and is only touched by, its event loop's thread.
final class Connection {
    let id: UInt64
    let fd: Int32
    private let transport: any Transport
    private unowned let loop: EventLoop
    private var parser: RequestParser
    private let maxPipelinedRequests: Int

    private var slots = ResponseQueue()

    private var output: [UInt8] = []
    private var outputOffset = 0

    private enum Phase {
        case open
        /// No more requests are read; the connection closes once its responses are written.
        case closingAfterWrites
        /// Our side is shut; unread client bytes are discarded until EOF or the deadline,
        /// so closing does not reset the connection before the client reads our answer.
        case lingering(until: UInt64)
    }
    private var phase = Phase.open
    private var peerClosed = false
    private var transportWantsWrite = false
    private var readWantsWrite = false
    private var registeredEvents: UInt32
    private var processing = false

    private var readStartedAt: UInt64?
    private var lastActivity: UInt64
    private(set) var isClosed = false
    /// Shared with the handlers of this connection's requests.
    let liveness = ConnectionLiveness()

    init(id: UInt64, fd: Int32, transport: any Transport, loop: EventLoop, now: UInt64) {
        self.id = id
        self.fd = fd
        self.transport = transport
        self.loop = loop
        let configuration = loop.processor.configuration
        parser = RequestParser(maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        maxPipelinedRequests = configuration.maxPipelinedRequests
        readStartedAt = now
        lastActivity = now
        registeredEvents = Epoll.readable
    }

    // MARK: events

    func handle(events: UInt32) {
        if events & Epoll.writable != 0 {
            let readWasWaiting = readWantsWrite
            transportWantsWrite = false
            readWantsWrite = false
            flush()
            // TLS may need to send (a handshake message) before it can read on.
            if readWasWaiting && !isClosed { readAvailable() }
        }
        if !isClosed, events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 && events & EPOLLIN.rawValue == 0 {
                close()
                return
            }
            readAvailable()
        }
        updateInterest()
    }

    private func readAvailable() {
        var reads = 0
        while !isClosed, wantsToRead, reads < 8 {
            reads += 1
            let owed = parser.bodyBytesOwed
            let direct = owed >= Self.directBodyMinimum && !isLingering
            let asked = direct ? min(owed, Self.directReadBytes) : loop.scratch.count
            let result = direct
                ? parser.receiveBody(limit: asked) { transport.read(into: $0) }
                : loop.scratch.withUnsafeMutableBytes { transport.read(into: $0) }
            switch result {
            case .transferred(let count):
                lastActivity = loop.now
                if case .lingering = phase { continue }
                if !direct {
                    loop.scratch.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                }
                processRequests()
                // A short read emptied the socket; asking again would only return EAGAIN.
                if count < asked && !transport.hasBufferedInput { return }
            case .wouldBlock(let wantsWrite):
                transportWantsWrite = transportWantsWrite || wantsWrite
                readWantsWrite = wantsWrite
                return
            case .closed:
                peerClosed = true
                if case .lingering = phase { close(); return }
                // A client may half-close after sending its requests; answer them first.
                if slots.isEmpty && outputPending == 0 { close(); return }
                // TCP cannot tell a half-close from a client that has gone: as nginx
                // does, work that can stop early (a container's cells) stops, and
                // whatever answers are already made still go out.
                liveness.markClientGone()
                return
            }
        }
    }

    /// A body at least this long is read straight into the request (see
    /// `RequestParser.receiveBody`), in reads of up to `directReadBytes`.
    static let directBodyMinimum = 64 * 1024
    static let directReadBytes = 512 * 1024

    private var isLingering: Bool {
        if case .lingering = phase { return true }
        return false
    }

    private var wantsToRead: Bool {
        switch phase {
        case .open: !peerClosed && hasRoomForRequests
        case .closingAfterWrites: false
        case .lingering: !peerClosed
        }
    }

    // MARK: requests

    /// A client that pipelines without reading its answers is not read from
    /// either, so neither queued requests nor unsent responses grow without
    /// bound: answers finished behind a slower one count as unsent too.
    private var hasRoomForRequests: Bool {
        slots.count < maxPipelinedRequests && outputPending + slots.heldBytes < Self.maxUnsentBytes
    }

    private static let maxUnsentBytes = 1 << 20

    private func processRequests() {
        guard !processing else { return }
        processing = true
        defer { processing = false }
        while case .open = phase, hasRoomForRequests, let event = parser.next() {
            switch event {
            case .continueExpected(let head):
                answerExpectation(head)
            case .request(let request):
                dispatch(request)
            case .failure(let error):
                refuse(status: error.status, detail: error.detail)
            }
        }
        // The read timeout measures the client, so it does not run while the
        // server itself holds requests back at the pipelining limit.
        if parser.isMidRequest && hasRoomForRequests {
            if readStartedAt == nil { readStartedAt = loop.now }
        } else {
            readStartedAt = nil
        }
        flush()
    }

    private func dispatch(_ parsed: ParsedRequest) {
        let head = parsed.head
        let tokens = head.headers["connection"] == nil ? [] : head.headers.listElements("connection").map { $0.lowercased() }
        let keepAlive = head.version == .http11 ? !tokens.contains("close") : tokens.contains("keep-alive")
        let closeAfter = !keepAlive || loop.isDraining
        if closeAfter { phase = .closingAfterWrites }
        var request = HTTPRequest(method: head.method, path: head.path, query: head.query, version: head.version,
                                  headers: head.headers, body: parsed.body)
        request.requestID = loop.requestIdentifier.make(accepting: head.headers["x-request-id"])
        request.serverIsDraining = loop.isDraining
        request.serverIsOverloaded = loop.pool.isOverloaded
        request.connection = liveness
        let context = ResponseContext(
            method: head.method, path: head.path, route: "unmatched", requestID: request.requestID,
            origin: head.headers.origin, acceptEncoding: head.headers["accept-encoding"], version: head.version,
            closeConnection: closeAfter, date: loop.date, startedAt: loop.now, requestBytes: parsed.wireBytes,
            ifNoneMatch: head.headers["if-none-match"] == nil
                ? nil : head.headers.values("if-none-match").joined(separator: ", "))
        let sequence = slots.reserve()
        switch loop.processor.dispatch(request, context: context) {
        case .immediate(let bytes):
            complete(sequence: sequence, bytes: bytes, closeAfter: closeAfter)
        case .pooled(let work):
            let loop = self.loop
            let id = self.id
            let accepted = loop.pool.trySubmit(bodyBytes: request.body.count) {
                let bytes = work { partial in
                    loop.post(.partial(connection: id, sequence: sequence, bytes: partial))
                }
                loop.post(.completed(connection: id, sequence: sequence, bytes: bytes, closeAfter: closeAfter))
            }
            if !accepted {
                complete(sequence: sequence, bytes: loop.processor.overloaded(context: context), closeAfter: closeAfter)
            }
        }
    }

    /// Invites the body, unless the request will be refused whatever it holds:
    /// then the refusal goes out now and the body is never uploaded (RFC 9110 §10.1.1).
    private func answerExpectation(_ head: RequestHead) {
        guard let refusal = loop.processor.refusalBeforeBody(method: head.method, path: head.path, headers: head.headers) else {
            slots.append(ResponseSerializer.continueResponse, closeAfter: false)
            return
        }
        loop.processor.observer?.requestStarted()
        let context = ResponseContext(
            method: head.method, path: head.path, route: "unmatched",
            requestID: loop.requestIdentifier.make(accepting: head.headers["x-request-id"]),
            origin: head.headers.origin, acceptEncoding: nil, version: head.version, closeConnection: true,
            date: loop.date, startedAt: loop.now, requestBytes: 0)
        phase = .closingAfterWrites
        slots.append(loop.processor.finish(refusal, context: context), closeAfter: true)
    }

    /// Answers with an error the HTTP layer decided, then closes; with CORS
    /// headers when the request's head was read.
    func refuse(status: Int, detail: String) {
        let bytes = refusal(ProblemDetails.response(status: status, detail: detail))
        phase = .closingAfterWrites
        slots.append(bytes, closeAfter: true)
    }

    /// `response` as the server's own answer, not a request's: counted and
    /// logged as one, closing the connection, with the CORS headers of the
    /// origin whose head was read.
    private func refusal(_ response: HTTPResponse) -> [UInt8] {
        loop.refusal(response, origin: parser.origin)
    }

    /// When a drain's time is up: a request still waiting for its answer, none
    /// of it sent, gets a 503 with `Retry-After` (its client may retry on
    /// another instance) rather than a connection closed without a word.
    func refuseUnansweredAtStop() {
        guard !isClosed, slots.headIsUnstarted else { return }
        slots.answerHead(refusal(loop.processor.unavailable("the server stopped before this request's answer was ready")))
        flush()
    }

    func appendPartial(sequence: UInt64, bytes: [UInt8]) {
        slots.appendPartial(sequence, bytes: bytes)
        flush()
        updateInterest()
    }

    func complete(sequence: UInt64, bytes: [UInt8], closeAfter: Bool) {
        // An answer finished after the drain began says `Connection: close`.
        slots.complete(sequence, bytes: bytes, closeAfter: closeAfter || loop.isDraining)
        flush()
        updateInterest()
    }

    // MARK: writing

    private var outputPending: Int { output.count - outputOffset }

    private func flush() {
        guard !isClosed else { return }
        if slots.takeReady(into: &output) { phase = .closingAfterWrites }
        while outputPending > 0 {
            let result = output.withUnsafeBytes { transport.write(UnsafeRawBufferPointer(rebasing: $0[outputOffset...])) }
            switch result {
            case .transferred(let count):
                outputOffset += count
                lastActivity = loop.now
            case .wouldBlock(let wantsWrite):
                transportWantsWrite = wantsWrite
                return
            case .closed:
                close()
                return
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
        outputOffset = 0
        afterWritesDrained()
    }

    private func afterWritesDrained() {
        switch phase {
        case .closingAfterWrites where slots.isEmpty:
            beginLingering()
        case .open where slots.isEmpty && !parser.isMidRequest && (peerClosed || loop.isDraining):
            close()
        case .open where !processing:
            // A connection paused at the pipelining limit resumes with what it already holds.
            processRequests()
            if transport.hasBufferedInput { readAvailable() }
        default:
            break
        }
    }

    private func beginLingering() {
        if peerClosed {
            close()
            return
        }
        shutdown(fd, Int32(SHUT_WR))
        phase = .lingering(until: loop.now + 2_000_000_000)
    }

    func updateInterest() {
        guard !isClosed else { return }
        var events: UInt32 = 0
        if wantsToRead { events |= Epoll.readable }
        if outputPending > 0 || transportWantsWrite { events |= Epoll.writable }
        if events != registeredEvents {
            registeredEvents = events
            loop.epoll.modify(fd, id: id, events: events)
        }
    }

    // MARK: time

    func checkTimers(now: UInt64, readTimeout: UInt64, idleTimeout: UInt64) {
        switch phase {
        case .lingering(let until):
            if now >= until { close() }
        case .closingAfterWrites:
            if outputPending > 0 && now - lastActivity > idleTimeout { close() }
        case .open:
            if outputPending > 0 {
                if now - lastActivity > idleTimeout { close() }
            } else if let started = readStartedAt, now - started > readTimeout, !transport.isEstablished {
                // The handshake counts against the read timeout; without it no 408 can be sent.
                close()
            } else if let started = readStartedAt, now - started > readTimeout {
                refuse(status: 408, detail: "the request did not arrive within the read timeout")
                flush()
                updateInterest()
            } else if slots.isEmpty && readStartedAt == nil && now - lastActivity > idleTimeout {
                close()
            }
        }
    }

    /// True when nothing is owed to the client: safe to drop while draining.
    var isIdle: Bool {
        slots.isEmpty && outputPending == 0 && !parser.isMidRequest
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        liveness.markClosed()
        loop.epoll.remove(fd)
        transport.close()
        loop.connectionClosed(self)
    }
}
