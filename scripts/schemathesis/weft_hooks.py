"""Schemathesis hooks for Weft's contract.

Three rules relate values of a request to one another, which JSON Schema cannot
state, and each is a 422 (openapi.yaml): a size range whose minimum is above its
maximum on an axis (SizeRange), a pager's `currentPage` past its last page, and a
layout whose sums overflow to infinity (numbers near 1e308 added together), and an
`id` used twice in one tree or one container. Generated bodies
that break one are dropped before they are sent, so the positive-data check only sees
bodies the contract accepts.
"""
import re

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


def _pager_page_past_the_end(body):
    if not isinstance(body, dict) or not isinstance(body.get("container"), dict):
        return False
    container = body["container"]
    page = container.get("currentPage")
    if container.get("type") != "pager" or not isinstance(page, int) or isinstance(page, bool):
        return False
    sections = body.get("sections")
    if isinstance(body.get("items"), list):
        pages = len(body["items"])
    elif isinstance(sections, list) and sections and isinstance(sections[0], dict):
        pages = len(sections[0].get("items") or [])
    else:
        pages = 0
    return page >= pages


# Sums of numbers this large can overflow a frame; smaller ones cannot. The same holds
# for a percentage ("1e615%" is infinite, so it is no percentage at all).
HUGE = 1e100
PERCENT = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?%$")


def _has_huge_number(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return abs(value) >= HUGE
    if isinstance(value, str) and PERCENT.match(value):
        return abs(float(value[:-1])) >= HUGE
    if isinstance(value, dict):
        return any(_has_huge_number(child) for child in value.values())
    if isinstance(value, list):
        return any(_has_huge_number(child) for child in value)
    return False


def _ids(value, found):
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            found.append(value["id"])
        for child in value.values():
            _ids(child, found)
    elif isinstance(value, list):
        for child in value:
            _ids(child, found)
    return found


def _has_repeated_id(body):
    # Stricter than the contract (ids repeat legally across cells' trees): a
    # dropped case costs nothing, a kept one that breaks the rule fails the run.
    ids = _ids(body, [])
    return len(ids) != len(set(ids))


def _row_fields_outside_a_table(body):
    # accessoryType and separatorInset belong to a table's rows: on another
    # container's cells (other than none) they are a 422.
    if not isinstance(body, dict):
        return False
    container = body.get("container")
    if not isinstance(container, dict) or container.get("type") == "table":
        return False
    cells = list(body.get("items") or []) if isinstance(body.get("items"), list) else []
    for section in body.get("sections") or [] if isinstance(body.get("sections"), list) else []:
        if isinstance(section, dict) and isinstance(section.get("items"), list):
            cells += section["items"]
    return any(isinstance(cell, dict) and (cell.get("accessoryType", "none") != "none" or "separatorInset" in cell)
               for cell in cells)


def _breaks_a_cross_field_rule(body):
    return (_has_inverted_range(body) or _pager_page_past_the_end(body) or _has_huge_number(body)
            or _has_repeated_id(body) or _row_fields_outside_a_table(body))


@schemathesis.hook
def filter_body(ctx, body):
    return not _breaks_a_cross_field_rule(body)


@schemathesis.hook
def filter_case(ctx, case):
    # The coverage phase builds its cases from the document's examples and
    # boundary values without passing them through `filter_body`.
    return not _breaks_a_cross_field_rule(case.body)
