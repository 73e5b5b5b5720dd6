// Routes, JSON, problem+json.
import WeftLayout
