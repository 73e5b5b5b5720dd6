#if canImport(Glibc)
import WeftSync
import Glibc
import CEpoll
#endif

enum LoopMessage: Sendable {
    case completed(connection: UInt64, sequence: UInt64, bytes: [UInt8], closeAfter: Bool)
    /// Part of a streamed response; its `completed` follows.
    case partial(connection: UInt64, sequence: UInt64, bytes: [UInt8])
    case drain(deadline: UInt64)
    /// A connection another loop accepted, handed over to balance the loops.
    case adopt(fd: Int32)
}

/// One thread running epoll over a listening socket and its connections.
/// All connection state is confined to this thread; other threads reach it
/// only through `post`, which wakes the loop when it sleeps (`LoopInbox`).
final class EventLoop: @unchecked Sendable {
    let processor: RequestProcessor
    let pool: RequestThreads
    let epoll: Epoll
    private let connectionBudget: ConnectionBudget
    private let balancer: LoopBalancer
    /// This loop's place among `peers`.
    let index: Int
    /// Every loop of the server, this one included; set once before the loops run.
    var peers: [EventLoop] = []
    private let tlsContext: TLSContext?
    private var listener: Int32?
    private let inbox: LoopInbox
    private var messages: [LoopMessage] = []

    private static let listenerID: UInt64 = 0
    private static let wakeID: UInt64 = 1
    /// The loops of every worker process wait on one listening socket; a new
    /// connection wakes one of them, not all.
    private static let listenerEvents = EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue
    private var nextConnectionID: UInt64 = 2
    private var connections: [UInt64: Connection] = [:]

    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    var requestIdentifier = RequestIdentifier()
    private var dateCache = HTTPDateCache()
    private(set) var now: UInt64 = monotonicNanoseconds()
    private(set) var date = ""
    private(set) var isDraining = false
    private var drainDeadline: UInt64 = .max
    private var lastSweep: UInt64 = 0
    private var acceptPausedUntil: UInt64?
    private var running = true

    init(index: Int, listener: Int32, processor: RequestProcessor, pool: RequestThreads, budget: ConnectionBudget,
         balancer: LoopBalancer, tlsContext: TLSContext?) throws {
        self.index = index
        self.listener = listener
        self.balancer = balancer
        self.processor = processor
        self.pool = pool
        self.connectionBudget = budget
        self.tlsContext = tlsContext
        epoll = try Epoll()
        inbox = try LoopInbox()
        epoll.add(listener, id: Self.listenerID, events: Self.listenerEvents)
        epoll.add(inbox.wakeFD, id: Self.wakeID, events: EPOLLIN.rawValue)
        date = dateCache.current()
    }

    /// Thread-safe: hands a message to the loop, waking it if it sleeps.
    func post(_ message: LoopMessage) {
        inbox.post(message)
    }

    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        let configuration = processor.configuration
        let readTimeout = nanoseconds(fromSeconds: configuration.readTimeoutSeconds)
        let idleTimeout = nanoseconds(fromSeconds: configuration.idleTimeoutSeconds)
        while running {
            let mayBlock = inbox.prepareToWait()
            let count = epoll.wait(into: &events, timeoutMilliseconds: mayBlock ? 100 : 0)
            now = monotonicNanoseconds()
            date = dateCache.current()
            var woken = false
            for index in 0..<count {
                let event = events[index]
                switch event.data.u64 {
                case Self.listenerID: acceptConnections()
                case Self.wakeID: woken = true
                case let id: connections[id]?.handle(events: event.events)
                }
            }
            // Every turn, woken or not: workers post without waking a busy loop.
            receiveMessages(woken: woken)
            if now - lastSweep >= 100_000_000 {
                lastSweep = now
                resumeAcceptingIfDue()
                for connection in Array(connections.values) {
                    connection.checkTimers(now: now, readTimeout: readTimeout, idleTimeout: idleTimeout)
                }
            }
            if isDraining {
                for connection in Array(connections.values) where connection.isIdle { connection.close() }
                if connections.isEmpty || now >= drainDeadline { running = false }
            }
        }
        for connection in Array(connections.values) {
            connection.refuseUnansweredAtStop()
            connection.close()
        }
        closeListener()
        epoll.close()
        for case .adopt(let fd) in inbox.close() { abandon(fd, countedAgainst: index) }
        // The loops refer to each other; an ended loop lets go so all can be freed.
        peers = []
    }

    private func acceptConnections() {
        guard let listener else { return }
        for _ in 0..<64 {
            let fd = ListeningSocket.accept(listener)
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                return
            }
            guard connectionBudget.tryReserve() else {
                // Over the limit: say so in one non-blocking write instead of leaving the client hanging.
                let answer = refusal(processor.unavailable("too many connections"), origin: nil)
                // Over TLS no handshake has happened: cleartext would only be
                // garbage to the client, so the connection just closes.
                if tlsContext == nil {
                    _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
                close(fd)
                continue
            }
            let owner = balancer.assign(acceptedBy: index)
            if owner == index {
                adopt(fd)
            } else if !peers[owner].inbox.post(.adopt(fd: fd)) {
                // That loop has ended; the server is stopping.
                abandon(fd, countedAgainst: owner)
            }
        }
    }

    /// The server's own refusal of a connection or of a request it did not
    /// read whole, logged and counted as any answer is, and closing the
    /// connection; `origin` is the request's when its head was read that far.
    func refusal(_ response: HTTPResponse, origin: String?) -> [UInt8] {
        let context = ResponseContext(
            method: "-", path: "-", route: "unmatched", requestID: requestIdentifier.make(accepting: nil),
            origin: origin, acceptEncoding: nil, version: .http11, closeConnection: true, date: date,
            startedAt: now, requestBytes: 0)
        processor.observer?.requestStarted()
        return processor.finish(response, context: context)
    }

    /// Starts serving a connection accepted by this loop or handed over by another.
    private func adopt(_ fd: Int32) {
        guard !isDraining else { return abandon(fd, countedAgainst: index) }
        let transport: any Transport
        if let tlsContext {
            guard let secure = TLSTransport(context: tlsContext, fd: fd) else {
                return abandon(fd, countedAgainst: index)
            }
            transport = secure
        } else {
            transport = PlainTransport(fd: fd)
        }
        let id = nextConnectionID
        nextConnectionID += 1
        let connection = Connection(id: id, fd: fd, transport: transport, loop: self, now: now)
        connections[id] = connection
        epoll.add(fd, id: id, events: Epoll.readable)
    }

    private func abandon(_ fd: Int32, countedAgainst loop: Int) {
        close(fd)
        balancer.release(loop)
        connectionBudget.release()
    }

    /// Out of descriptors: the listener stays readable, so leaving it in epoll
    /// would spin. Look again after a while, when connections may have closed.
    private func pauseAccepting() {
        guard let listener, acceptPausedUntil == nil else { return }
        epoll.remove(listener)
        acceptPausedUntil = now + 100_000_000
    }

    private func resumeAcceptingIfDue() {
        guard let until = acceptPausedUntil, now >= until else { return }
        acceptPausedUntil = nil
        if let listener { epoll.add(listener, id: Self.listenerID, events: Self.listenerEvents) }
    }

    private func receiveMessages(woken: Bool) {
        inbox.take(woken: woken, into: &messages)
        defer { messages.removeAll(keepingCapacity: true) }
        for message in messages {
            switch message {
            case .completed(let id, let sequence, let bytes, let closeAfter):
                connections[id]?.complete(sequence: sequence, bytes: bytes, closeAfter: closeAfter)
            case .partial(let id, let sequence, let bytes):
                connections[id]?.appendPartial(sequence: sequence, bytes: bytes)
            case .adopt(let fd):
                adopt(fd)
            case .drain(let deadline):
                isDraining = true
                drainDeadline = deadline
                closeListener()
            }
        }
    }

    private func closeListener() {
        guard let listener else { return }
        if acceptPausedUntil == nil { epoll.remove(listener) }
        close(listener)
        self.listener = nil
    }

    func connectionClosed(_ connection: Connection) {
        connections[connection.id] = nil
        balancer.release(index)
        connectionBudget.release()
    }
}
