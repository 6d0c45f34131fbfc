#include "CICU.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct GlideBreakIterator {
    UBreakIterator *breaker;
    UText *text;
    char *buffer;
    size_t capacity;
};

GlideBreakIterator *glide_break_open(GlideBreakKind kind, const char *locale,
                                     char *error, size_t errorCapacity) {
    UBreakIteratorType type;
    switch (kind) {
    case GLIDE_BREAK_CHARACTER: type = UBRK_CHARACTER; break;
    case GLIDE_BREAK_WORD: type = UBRK_WORD; break;
    case GLIDE_BREAK_LINE: type = UBRK_LINE; break;
    case GLIDE_BREAK_SENTENCE: type = UBRK_SENTENCE; break;
    default:
        if (error && errorCapacity) snprintf(error, errorCapacity, "unknown break kind %d", (int)kind);
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaker = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status) || breaker == NULL) {
        if (error && errorCapacity) snprintf(error, errorCapacity, "%s", u_errorName(status));
        if (breaker) ubrk_close(breaker);
        return NULL;
    }
    GlideBreakIterator *iterator = calloc(1, sizeof *iterator);
    if (iterator == NULL) {
        ubrk_close(breaker);
        if (error && errorCapacity) snprintf(error, errorCapacity, "out of memory");
        return NULL;
    }
    iterator->breaker = breaker;
    return iterator;
}

void glide_break_close(GlideBreakIterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->breaker);
    if (iterator->text) utext_close(iterator->text);
    free(iterator->buffer);
    free(iterator);
}

int32_t glide_break_set_text(GlideBreakIterator *iterator, const char *utf8, int64_t length) {
    if (length < 0 || length > INT32_MAX) return U_ILLEGAL_ARGUMENT_ERROR;
    size_t needed = (size_t)length + 1;
    if (needed > iterator->capacity) {
        char *grown = realloc(iterator->buffer, needed);
        if (grown == NULL) return U_MEMORY_ALLOCATION_ERROR;
        iterator->buffer = grown;
        iterator->capacity = needed;
    }
    if (length > 0) memcpy(iterator->buffer, utf8, (size_t)length);
    iterator->buffer[length] = 0;
    UErrorCode status = U_ZERO_ERROR;
    iterator->text = utext_openUTF8(iterator->text, iterator->buffer, length, &status);
    if (U_FAILURE(status)) return status;
    ubrk_setUText(iterator->breaker, iterator->text, &status);
    return U_FAILURE(status) ? status : 0;
}

int32_t glide_break_first(GlideBreakIterator *it) { return ubrk_first(it->breaker); }
int32_t glide_break_last(GlideBreakIterator *it) { return ubrk_last(it->breaker); }
int32_t glide_break_next(GlideBreakIterator *it) { return ubrk_next(it->breaker); }
int32_t glide_break_previous(GlideBreakIterator *it) { return ubrk_previous(it->breaker); }
int32_t glide_break_following(GlideBreakIterator *it, int32_t offset) { return ubrk_following(it->breaker, offset); }
int32_t glide_break_preceding(GlideBreakIterator *it, int32_t offset) { return ubrk_preceding(it->breaker, offset); }
int32_t glide_break_is_boundary(GlideBreakIterator *it, int32_t offset) { return ubrk_isBoundary(it->breaker, offset) ? 1 : 0; }
int32_t glide_break_rule_status(GlideBreakIterator *it) { return ubrk_getRuleStatus(it->breaker); }
