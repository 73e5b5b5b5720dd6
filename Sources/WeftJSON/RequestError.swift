import WeftCells
import WeftHTTP

/// Everything that can go wrong while turning request bytes into the model.
///
/// One error type for the reader and the decoders so that typed throws stay
/// cheap on the happy path. The JSON Pointer of a contract violation is built
/// while the error unwinds (each level appends its own key or index), so a
/// request that decodes cleanly never pays for a path.
public struct RequestError: Error, Sendable {
    /// The problem type, which sets the status.
    public var problem: ProblemType
    /// What is wrong, in words, for the problem's `detail`.
    public var detail: String
    /// Path components from the offending value outwards (reversed).
    public var reversedPath: [RequestPath.Component]
    /// Where in the body a syntax error was found (400 errors only).
    public var location: SourceLocation?

    /// An error of `problem`; decoders add the path as the error unwinds.
    @inlinable public init(
        _ problem: ProblemType, _ detail: String, reversedPath: [RequestPath.Component] = [],
        location: SourceLocation? = nil
    ) {
        self.problem = problem
        self.detail = detail
        self.reversedPath = reversedPath
        self.location = location
    }

    /// The JSON Pointer to the offending value.
    public var path: RequestPath { RequestPath(reversed: reversedPath) }

    /// The same error seen from one level further out.
    @inlinable public func at(_ component: RequestPath.Component) -> RequestError {
        guard location == nil else { return self }
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }

    /// The same error seen from the object holding it at `key`.
    @inlinable public func at(_ key: String) -> RequestError { at(.key(key)) }
    /// The same error seen from the array holding it at `index`.
    @inlinable public func at(_ index: Int) -> RequestError { at(.index(index)) }
}

/// A byte offset in a request body with its 1-based line and column
/// (the column counts Unicode scalars, so it matches what an editor shows).
public struct SourceLocation: Sendable, Hashable {
    /// Bytes from the start of the body.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// A location.
    @inlinable public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Only computed when an error is reported, so a linear scan is fine.
    @inlinable public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var i = 0
        let end = Swift.min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar already counted.
                column += 1
            }
            i += 1
        }
        self.init(offset: offset, line: line, column: column)
    }
}
