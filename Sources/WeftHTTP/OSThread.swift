#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain OS thread. Event loops and workers block in epoll_wait and on
/// condition variables, which must never happen on Swift's cooperative pool.
final class OSThread: @unchecked Sendable {
    private var handle = pthread_t()

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    init(name: String, _ run: @escaping @Sendable () -> Void) {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let result = pthread_create(&handle, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, body)
        precondition(result == 0, "cannot start thread \(name): error \(result)")
    }

    func join() {
        pthread_join(handle, nil)
    }

    func detach() {
        pthread_detach(handle)
    }
}
