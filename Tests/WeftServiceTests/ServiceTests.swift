import Testing
@testable import WeftService
