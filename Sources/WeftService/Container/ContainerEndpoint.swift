import WeftLayout
import WeftCells

/// `POST /v1/layout`: body bytes in, response bytes out, through the
/// server's one `ContainerEngine`. The HTTP layer decides 413/415 first.
public enum ContainerEndpoint {
    public static func respond(
        body: [UInt8], engine: ContainerEngine, cancellation: CancellationFlag? = nil
    ) -> ServiceResponse {
        engine.respond(body: body, cancellation: cancellation)
    }
}
