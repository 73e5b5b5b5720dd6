import Foundation
import Testing
@testable import WeftLayout

/// Odd input must not trap or hang.
@Suite struct FlexRobustnessTests {
    /// The service's element depth limit (256) of nested flex elements, on a
    /// thread with the layout worker pool's 16 MB stack.
    @Test func deepestTreeFitsTheWorkersStack() {
        var e = flexNode("leaf") { $0.width = .points(10); $0.height = .points(10) }
        for i in 0..<256 {
            e = flexNode(nil, { $0.flexDirection = i % 2 == 0 ? .row : .column; $0.padding = Edges(all: .points(1)) }, [e])
        }
        let root = e
        let done = DispatchSemaphore(value: 0)
        let result = LockedSize()
        let thread = Thread {
            result.value = LayoutEngine.layout(root, in: .unconstrained, context: LayoutContext(pointScale: 1)).size
            done.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        done.wait()
        #expect(result.value == Size(width: 522, height: 522))
    }

    final class LockedSize: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = Size.zero
        var value: Size {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    @Test func degenerateValuesTerminate() {
        let odd = flexNode("root", { $0.flexDirection = .row; $0.width = .points(100); $0.flexWrap = .wrap }, [
            flexNode("a") { $0.flexGrow = -1; $0.flexShrink = -2; $0.width = .points(-50); $0.minWidth = .points(1e300) },
            flexNode("b") { $0.flexGrow = 1e308; $0.maxWidth = .points(-1); $0.aspectRatio = 0; $0.margin = Edges(all: .auto) },
            flexNode("c") { $0.flexBasis = .fraction(1e10); $0.padding = Edges(all: .fraction(-3)); $0.gap = .fraction(2) },
            flexNode("d") { $0.positionType = .absolute; $0.position = Edges(all: .fraction(0.5)); $0.aspectRatio = 1e-300 },
        ])
        for scale in [0.0, 1, 3] {
            let node = LayoutEngine.layout(odd, in: .unconstrained, context: LayoutContext(pointScale: scale))
            #expect(node.children.count == 4)
        }
        let empty = LayoutEngine.layout(flexNode(), in: SizeRange(min: .zero, max: Size(width: 0, height: 0)), context: LayoutContext())
        #expect(empty.size == .zero)
    }
}
