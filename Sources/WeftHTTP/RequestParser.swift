/// A request whose head and whole body have arrived.
struct ParsedRequest {
    var head: RequestHead
    var body: [UInt8]
    /// Bytes the request took on the wire, head and framing included.
    var wireBytes: Int
}

enum ParserEvent {
    /// The head asked for `Expect: 100-continue` and its body has not arrived yet.
    case continueExpected(RequestHead)
    case request(ParsedRequest)
    case failure(HTTPParseError)
}

/// Turns the bytes of one connection into requests, one at a time, so the
/// connection can stop pulling requests when too many are outstanding.
struct RequestParser {
    let maxHeaderBytes: Int
    let maxBodyBytes: Int

    private enum State {
        case head
        case fixedBody(RequestHead, remaining: Int)
        case chunkedBody(RequestHead, ChunkedBodyDecoder)
        case failed
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var state = State.head
    /// The `Origin` of the request whose head has been read and whose body
    /// has not: an error found in that body (or its framing, or a timeout)
    /// is answered with that origin's CORS headers, which a browser needs
    /// to show the error at all.
    private(set) var origin: String?
    private var body: [UInt8] = []
    private var wireBytes = 0
    private var continuePending = false

    init(maxHeaderBytes: Int, maxBodyBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// A fixed-length body's bytes still owed when none of it is buffered:
    /// the connection may read them straight into the body (`receiveBody`)
    /// rather than through its read buffer, which copies every byte twice.
    var bodyBytesOwed: Int {
        guard case .fixedBody(_, let remaining) = state, start == buffer.count, !continuePending else { return 0 }
        return remaining
    }

    /// Reads up to `limit` of the owed body bytes with `read`, straight into
    /// the body; `next()` then reports the request once none are owed.
    mutating func receiveBody(
        limit: Int, _ read: (UnsafeMutableRawBufferPointer) -> TransportResult
    ) -> TransportResult {
        guard case .fixedBody(let head, let remaining) = state else { preconditionFailure("no body is owed") }
        let room = min(remaining, limit)
        let filled = body.count
        // Within the capacity reserved from Content-Length: no reallocation.
        body.append(contentsOf: repeatElement(0, count: room))
        let result = body.withUnsafeMutableBytes { read(UnsafeMutableRawBufferPointer(rebasing: $0[filled..<(filled + room)])) }
        var got = 0
        if case .transferred(let count) = result { got = count }
        body.removeLast(room - got)
        wireBytes += got
        state = .fixedBody(head, remaining: remaining - got)
        return result
    }

    /// True while part of a request has arrived but not all of it.
    var isMidRequest: Bool {
        if case .head = state { return start < buffer.count }
        if case .failed = state { return false }
        return true
    }

    var hasFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    mutating func next() -> ParserEvent? {
        do throws(HTTPParseError) {
            let event = try step()
            compact()
            return event
        } catch {
            state = .failed
            return .failure(error)
        }
    }

    private mutating func step() throws(HTTPParseError) -> ParserEvent? {
        switch state {
        case .failed:
            return nil
        case .head:
            guard let head = try parseHead() else { return nil }
            return try begin(head)
        case .fixedBody(let head, let remaining):
            if continuePending, start == buffer.count {
                continuePending = false
                return .continueExpected(head)
            }
            let taken = min(remaining, buffer.count - start)
            body.append(contentsOf: buffer[start..<(start + taken)])
            start += taken
            wireBytes += taken
            if taken < remaining {
                state = .fixedBody(head, remaining: remaining - taken)
                return nil
            }
            return finish(head)
        case .chunkedBody(let head, var decoder):
            if continuePending, start == buffer.count {
                continuePending = false
                return .continueExpected(head)
            }
            state = .failed  // released while the decoder works on the body, so it is not copied
            let before = start
            let done = try decoder.decode(buffer, from: &start, into: &body, maxBodyBytes: maxBodyBytes)
            wireBytes += start - before
            if done { return finish(head) }
            state = .chunkedBody(head, decoder)
            return nil
        }
    }

    private mutating func begin(_ head: RequestHead) throws(HTTPParseError) -> ParserEvent? {
        origin = head.headers.origin
        if head.version == .http11 && head.headers.count("host") != 1 {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host header")
        }
        if let host = head.headers["host"], !RequestHead.isValidHost(host) {
            throw .badRequest("the Host header is not a host and optional port (RFC 9110 §7.2)")
        }
        let framing = try BodyFraming.of(head)
        // A list header: its empty elements are ignored (RFC 9110 §5.6.1.2).
        let expectations = head.headers.listElements("expect")
        if !expectations.isEmpty {
            guard expectations.allSatisfy({ $0.lowercased() == "100-continue" }) else {
                throw HTTPParseError(status: 417, detail: "only Expect: 100-continue is understood")
            }
            continuePending = framing != .none && head.version == .http11
        } else {
            continuePending = false
        }
        body = []
        switch framing {
        case .none:
            continuePending = false
            return finish(head)
        case .length(let length):
            // Refused from the header alone, so an oversized body is never read.
            guard length <= maxBodyBytes else {
                throw HTTPParseError(status: 413, detail: "body of \(length) bytes exceeds the limit of \(maxBodyBytes)")
            }
            body.reserveCapacity(length)
            state = .fixedBody(head, remaining: length)
        case .chunked:
            state = .chunkedBody(head, ChunkedBodyDecoder(maxLineBytes: maxHeaderBytes))
        }
        return try step()
    }

    private mutating func finish(_ head: RequestHead) -> ParserEvent {
        origin = nil
        let request = ParsedRequest(head: head, body: body, wireBytes: wireBytes)
        body = []
        wireBytes = 0
        continuePending = false
        state = .head
        return .request(request)
    }

    /// Finds the empty line that ends the header section, refusing bare line
    /// feeds as soon as they appear rather than waiting for a timeout.
    private mutating func parseHead() throws(HTTPParseError) -> RequestHead? {
        // RFC 9112 §2.2: empty lines before a request line are ignored. `start`
        // is always where a head begins, so a CRLF there is such a line even when
        // its CR arrived alone and was already scanned.
        while buffer.count - start >= 2, buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
            start += 2
            wireBytes += 2
        }
        var index = max(scanned, start)
        while index < buffer.count {
            // Checked byte by byte, so a long head is a 431 (a 414 while its
            // request line has not ended) whatever else is wrong with it later
            // on and however its bytes were cut into reads.
            guard index - start < maxHeaderBytes else {
                origin = originInPartialHead(upTo: index)
                throw tooLarge(upTo: index)
            }
            let byte = buffer[index]
            if byte == 0x0A {
                guard index > start, buffer[index - 1] == 0x0D else {
                    throw .badRequest("line ended by a bare LF")
                }
                if index - start >= 3, buffer[index - 2] == 0x0A, buffer[index - 3] == 0x0D {
                    let headLength = index + 1 - start
                    guard headLength <= maxHeaderBytes else {
                        origin = originInPartialHead(upTo: index)
                        throw headerTooLarge
                    }
                    let head: RequestHead
                    do throws(HTTPParseError) {
                        head = try RequestHeadParser.parse(buffer[start..<(index - 3)])
                    } catch {
                        // A method, version or field the parser refuses: the
                        // answer still carries the CORS headers of the page that sent it.
                        origin = originInPartialHead(upTo: index)
                        throw error
                    }
                    start = index + 1
                    scanned = start
                    wireBytes += headLength
                    return head
                }
            }
            index += 1
        }
        scanned = index
        if buffer.count - start > maxHeaderBytes {
            origin = originInPartialHead(upTo: index)
            throw tooLarge(upTo: index)
        }
        return nil
    }

    /// The `Origin` of a head refused for its size or its form, from the
    /// lines that ended before `end`: the refusal then carries CORS headers,
    /// so a page that sent it can read why (the policy still decides whether
    /// it may).
    private func originInPartialHead(upTo end: Int) -> String? {
        let name = Array("origin:".utf8)
        var lineStart = start
        var index = start
        while index + 1 < min(end, buffer.count) {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A {
                let line = buffer[lineStart..<index]
                if line.count > name.count,
                    zip(line.prefix(name.count), name).allSatisfy({ ($0 | 0x20) == $1 })
                {
                    let value = line.dropFirst(name.count).drop { $0 == 0x20 || $0 == 0x09 }
                    return String(decoding: value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed(), as: UTF8.self)
                }
                lineStart = index + 2
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }

    private var headerTooLarge: HTTPParseError {
        HTTPParseError(status: 431, detail: "header section exceeds \(maxHeaderBytes) bytes")
    }

    /// A head over the limit with its bytes scanned up to `end`: a 414 when
    /// no line has ended yet, so the request line alone is too long (RFC 9112 §3).
    private func tooLarge(upTo end: Int) -> HTTPParseError {
        guard !buffer[start..<min(end, buffer.count)].contains(0x0A) else { return headerTooLarge }
        return HTTPParseError(status: 414, detail: "request line exceeds \(maxHeaderBytes) bytes")
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 256 * 1024)
            start = 0
            scanned = 0
        } else if start > 64 * 1024 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
    }
}
