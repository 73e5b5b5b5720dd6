#ifndef WEFT_ICU_SHIM_H
#define WEFT_ICU_SHIM_H

#include <stdint.h>

// ICU's C API renames every symbol with its version (ubrk_open -> ubrk_open_72)
// through macros Swift cannot import, so these plain functions wrap the few calls
// WeftText needs. Text is UTF-16 code units, as ICU expects.

/// Writes the UAX #14 line-break opportunities of `text` (offsets after which a
/// line may end, the text's end included) into `out`; returns how many were
/// found, or -1 when ICU failed. Never writes more than `capacity`.
int32_t weft_line_break_opportunities(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

/// Writes the extended grapheme cluster boundaries of `text` (the end of each
/// cluster, the text's end included) into `out`; returns the count or -1.
int32_t weft_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

/// Resolves the bidi embedding level of every code unit of `text` in a
/// paragraph of level `paragraph_level` (0 left-to-right, 1 right-to-left;
/// CSS `direction`, `unicode-bidi: isolate`). Returns 0 on success, -1 when ICU fails.
int32_t weft_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels);
/// 1 when the first strong character of `text` is right-to-left (UAX #9 P2-P3).
int32_t weft_base_direction_is_rtl(const uint16_t *text, int32_t length);

#endif
