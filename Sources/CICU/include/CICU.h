#ifndef GLIDE_CICU_H
#define GLIDE_CICU_H

#include <stddef.h>
#include <stdint.h>

/// A thin, unversioned face for ICU's break iterators. ICU's headers rename every
/// symbol with its major version (`ubrk_open_72`) through macros Swift cannot follow;
/// these functions give GlideText stable names. The iterator keeps its own copy of
/// the text, so the caller's buffer need not outlive the call.
typedef struct GlideBreakIterator GlideBreakIterator;

typedef enum {
    GLIDE_BREAK_CHARACTER = 0,
    GLIDE_BREAK_WORD = 1,
    GLIDE_BREAK_LINE = 2,
    GLIDE_BREAK_SENTENCE = 3
} GlideBreakKind;

/// Opens an iterator; on failure returns NULL and writes ICU's error name to `error`.
GlideBreakIterator *glide_break_open(GlideBreakKind kind, const char *locale,
                                     char *error, size_t errorCapacity);
void glide_break_close(GlideBreakIterator *iterator);

/// Sets UTF-8 text (copied). Returns 0 on success, an ICU error code otherwise.
int32_t glide_break_set_text(GlideBreakIterator *iterator, const char *utf8, int64_t length);

/// Offsets are UTF-8 byte offsets into the text last set. -1 means "done".
int32_t glide_break_first(GlideBreakIterator *iterator);
int32_t glide_break_last(GlideBreakIterator *iterator);
int32_t glide_break_next(GlideBreakIterator *iterator);
int32_t glide_break_previous(GlideBreakIterator *iterator);
int32_t glide_break_following(GlideBreakIterator *iterator, int32_t offset);
int32_t glide_break_preceding(GlideBreakIterator *iterator, int32_t offset);
int32_t glide_break_is_boundary(GlideBreakIterator *iterator, int32_t offset);
/// The status of the rule that produced the current boundary (ICU's UWordBreak /
/// ULineBreakTag / USentenceBreakTag values).
int32_t glide_break_rule_status(GlideBreakIterator *iterator);

/// ICU's word-rule status ranges: below `GLIDE_WORD_NONE_LIMIT` the segment
/// before the boundary is not a word (spaces, punctuation).
#define GLIDE_WORD_NONE_LIMIT 100
/// Line-rule status at or above this is a hard (mandatory) break.
#define GLIDE_LINE_HARD 100

#endif
