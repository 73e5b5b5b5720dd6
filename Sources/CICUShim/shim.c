#include "CICUShim.h"

#include <pthread.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Opening a break iterator loads and compiles rule data; doing it once and
// cloning per call is far cheaper, and a clone is private to its caller, so
// concurrent layout threads never share iterator state.
static UBreakIterator *line_template = NULL;
static UBreakIterator *grapheme_template = NULL;
static pthread_once_t templates_once = PTHREAD_ONCE_INIT;

static void open_templates(void) {
    UErrorCode status = U_ZERO_ERROR;
    // Chromium lays out pages without a `lang` attribute with its UI locale (en-US),
    // and breaks before small kana (ちょっと待|ってください) as `line-break: normal` does,
    // which ICU's default (strict) rules forbid.
    line_template = ubrk_open(UBRK_LINE, "en_US@lb=normal", NULL, 0, &status);
    if (U_FAILURE(status)) line_template = NULL;
    status = U_ZERO_ERROR;
    grapheme_template = ubrk_open(UBRK_CHARACTER, "en_US", NULL, 0, &status);
    if (U_FAILURE(status)) grapheme_template = NULL;
}

static int32_t collect_boundaries(UBreakIterator *template, const uint16_t *text, int32_t length,
                                  int32_t *out, int32_t capacity) {
    pthread_once(&templates_once, open_templates);
    if (template == NULL || length < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_clone(template, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        ubrk_close(iterator);
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && count < capacity;
         position = ubrk_next(iterator)) {
        out[count++] = position;
    }
    ubrk_close(iterator);
    return count;
}

int32_t weft_line_break_opportunities(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    pthread_once(&templates_once, open_templates);
    return collect_boundaries(line_template, text, length, out, capacity);
}

int32_t weft_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    pthread_once(&templates_once, open_templates);
    return collect_boundaries(grapheme_template, text, length, out, capacity);
}

int32_t weft_base_direction_is_rtl(const uint16_t *text, int32_t length) {
    return length > 0 && ubidi_getBaseDirection((const UChar *)text, length) == UBIDI_RTL;
}

int32_t weft_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
    if (U_FAILURE(status)) {
        ubidi_close(bidi);
        return -1;
    }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status) || resolved == NULL) {
        ubidi_close(bidi);
        return -1;
    }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    ubidi_close(bidi);
    return 0;
}
