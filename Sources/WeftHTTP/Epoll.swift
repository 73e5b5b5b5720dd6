#if canImport(Glibc)
import Glibc
import CEpoll

/// Level-triggered epoll: a connection is told again while it still has
/// unread bytes, so a loop may stop reading one connection to serve others.
struct Epoll {
    let fd: Int32

    static let readable = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    static let writable = EPOLLOUT.rawValue

    init() throws {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw HTTPServerError.system("epoll_create1") }
    }

    func add(_ descriptor: Int32, id: UInt64, events: UInt32) {
        var event = epoll_event(events: events, data: epoll_data_t(u64: id))
        epoll_ctl(fd, EPOLL_CTL_ADD, descriptor, &event)
    }

    func modify(_ descriptor: Int32, id: UInt64, events: UInt32) {
        var event = epoll_event(events: events, data: epoll_data_t(u64: id))
        epoll_ctl(fd, EPOLL_CTL_MOD, descriptor, &event)
    }

    func remove(_ descriptor: Int32) {
        var event = epoll_event()
        epoll_ctl(fd, EPOLL_CTL_DEL, descriptor, &event)
    }

    func wait(into events: inout [epoll_event], timeoutMilliseconds: Int32) -> Int {
        let count = events.withUnsafeMutableBufferPointer {
            epoll_wait(fd, $0.baseAddress, Int32($0.count), timeoutMilliseconds)
        }
        return max(0, Int(count))
    }

    func close() {
        _ = Glibc.close(fd)
    }
}
#endif
