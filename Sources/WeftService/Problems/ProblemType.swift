import WeftHTTP

/// The service's problem types are the HTTP layer's: one list of URIs for every
/// error, whichever layer decides it.
public typealias ProblemType = WeftHTTP.ProblemType
