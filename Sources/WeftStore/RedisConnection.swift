import CHiredis

#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking hiredis connection. hiredis frames the commands and parses
/// the replies; every wait for the socket is a `poll` bounded by the caller's
/// deadline, so a Redis that stops answering costs at most that long.
///
/// Used by one thread at a time (the store's pool hands it out); after any
/// failure the connection is `broken` and must be dropped, since a reply may
/// still be on its way. `failure` says what went wrong, for the operator's log.
final class RedisConnection {
    /// Why a connection could not be opened.
    struct OpenFailure: Error {
        var reason: String
    }

    enum Reply: Equatable {
        case string([UInt8])
        case status(String)
        case integer(Int)
        case error(String)
        case null
        case array([Reply])
    }

    private let context: UnsafeMutablePointer<redisContext>
    private(set) var broken = false
    /// What broke the connection.
    private(set) var failure: String?

    /// Connects before `deadline` (monotonic nanoseconds) and selects `address.database`.
    init(_ address: CellStoreAddress, deadline: UInt64) throws(OpenFailure) {
        guard let context = redisConnectNonBlock(address.host, Int32(address.port)) else {
            throw OpenFailure(reason: "could not allocate a connection")
        }
        self.context = context
        guard context.pointee.err == 0 else { throw OpenFailure(reason: "could not connect: \(Self.errorText(context))") }
        guard wait(for: Int16(POLLOUT), until: deadline) else {
            throw OpenFailure(reason: "no connection within the timeout")
        }
        let error = socketError()
        guard error == 0 else { throw OpenFailure(reason: "could not connect: \(String(cString: strerror(error)))") }
        if address.database != 0 {
            let select = roundTrip([[Array("SELECT".utf8), Array(String(address.database).utf8)]], deadline: deadline)
            switch select?.first {
            case .status("OK")?: break
            case .error(let message)?: throw OpenFailure(reason: "SELECT \(address.database) refused: \(message)")
            default: throw OpenFailure(reason: "SELECT \(address.database): \(failure ?? "unexpected reply")")
            }
        }
    }

    /// hiredis's description of the context's error.
    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    deinit { redisFree(context) }

    /// Sends `commands` (each an argument vector) in one write and reads their
    /// replies, or nil (and `broken`) when the deadline passes or the link fails.
    func roundTrip(_ commands: [[[UInt8]]], deadline: UInt64) -> [Reply]? {
        guard !broken else { return nil }
        for command in commands where !append(command) { return fail("could not queue a command") }
        var done: Int32 = 0
        while true {
            guard redisBufferWrite(context, &done) == REDIS_OK else { return fail("connection lost: \(Self.errorText(context))") }
            if done != 0 { break }
            guard wait(for: Int16(POLLOUT), until: deadline) else { return fail("no answer within the timeout") }
        }
        var replies: [Reply] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var raw: UnsafeMutableRawPointer?
            while true {
                guard redisGetReplyFromReader(context, &raw) == REDIS_OK else {
                    return fail("unreadable reply: \(Self.errorText(context))")
                }
                if raw != nil { break }
                guard wait(for: Int16(POLLIN), until: deadline) else { return fail("no answer within the timeout") }
                guard redisBufferRead(context) == REDIS_OK else { return fail("connection lost: \(Self.errorText(context))") }
            }
            guard let raw else { return fail("no reply") }
            replies.append(Self.convert(raw.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(raw)
        }
        return replies
    }

    private func fail(_ reason: String) -> [Reply]? {
        broken = true
        failure = reason
        return nil
    }

    /// Queues one command in hiredis's output buffer; binary-safe (lengths, not C strings).
    private func append(_ arguments: [[UInt8]]) -> Bool {
        var flat: [UInt8] = []
        flat.reserveCapacity(arguments.reduce(1) { $0 + $1.count })
        var offsets: [Int] = []
        for argument in arguments {
            offsets.append(flat.count)
            flat.append(contentsOf: argument)
        }
        flat.append(0)  // so every offset, even an empty last argument's, points into the buffer
        let lengths = arguments.map(\.count)
        return flat.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                var pointers: [UnsafePointer<CChar>?] = offsets.map { base + $0 }
                return redisAppendCommandArgv(context, Int32(arguments.count), &pointers, lengths) == REDIS_OK
            }
        }
    }

    /// Waits until the socket is ready for `events`, or the deadline passes.
    private func wait(for events: Int16, until deadline: UInt64) -> Bool {
        while true {
            let now = monotonicNow()
            guard now < deadline else { return false }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
            var descriptor = pollfd(fd: context.pointee.fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    private func socketError() -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(context.pointee.fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }

    private static func convert(_ reply: UnsafeMutablePointer<redisReply>) -> Reply {
        let r = reply.pointee
        func bytes() -> [UInt8] {
            guard let str = r.str, r.len > 0 else { return [] }
            return str.withMemoryRebound(to: UInt8.self, capacity: r.len) { Array(UnsafeBufferPointer(start: $0, count: r.len)) }
        }
        switch r.type {
        case REDIS_REPLY_STRING: return .string(bytes())
        case REDIS_REPLY_STATUS: return .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: return .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_INTEGER: return .integer(Int(r.integer))
        case REDIS_REPLY_ARRAY:
            return .array((0..<r.elements).map { i in r.element[i].map(convert) ?? .null })
        default: return .null
        }
    }
}

/// CLOCK_MONOTONIC in nanoseconds: deadlines must not move with the wall clock.
func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
