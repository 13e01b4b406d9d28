#ifndef CMARK_ARENA_H
#define CMARK_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Renders `length` bytes of Markdown to HTML with cmark (`options` as `cmark_markdown_to_html` takes them), every
/// allocation in an arena of the calling thread. Returns the HTML (NUL-terminated) and its length in `html_length`,
/// valid until the thread's next call; NULL when memory runs out.
const char *cmark_arena_markdown_to_html(const char *markdown, size_t length, int options, size_t *html_length);

#ifdef __cplusplus
}
#endif

#endif
