"""Schemathesis hooks for Weft's contract.

A size range whose minimum is above its maximum on an axis is a 422 (openapi.yaml,
SizeRange), a rule between two values that JSON Schema cannot state. Generated bodies
that break it are dropped before they are sent, so the positive-data check only sees
bodies the contract accepts.
"""
import schemathesis

RANGE_KEYS = ("sizeRange", "constrainedSize")


def _axis(size, axis):
    if not isinstance(size, dict):
        return None
    value = size.get(axis)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _inverted(size_range):
    if not isinstance(size_range, dict):
        return False
    low, high = size_range.get("min"), size_range.get("max")
    for axis in ("width", "height"):
        lo, hi = _axis(low, axis), _axis(high, axis)
        if lo is not None and hi is not None and lo > hi:
            return True
    return False


def _has_inverted_range(value):
    if isinstance(value, dict):
        if any(_inverted(value.get(key)) for key in RANGE_KEYS):
            return True
        return any(_has_inverted_range(child) for child in value.values())
    if isinstance(value, list):
        return any(_has_inverted_range(child) for child in value)
    return False


@schemathesis.hook
def filter_body(ctx, body):
    return not _has_inverted_range(body)


@schemathesis.hook
def filter_case(ctx, case):
    # The coverage phase builds its cases from the document's examples and
    # boundary values without passing them through `filter_body`.
    return not _has_inverted_range(case.body)
