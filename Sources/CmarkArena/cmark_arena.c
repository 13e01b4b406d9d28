// cmark allocates every node, text and buffer of a page on its own and frees them one by one, which costs much of
// its time on small pages. Here a page's allocations come from one arena per thread, emptied at the thread's next
// page.
#include "cmark_arena.h"

#include <cmark.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// One block of memory handed out from its start; `previous` is the block used before it for the same page.
typedef struct block {
    struct block *previous;
    size_t capacity;
    size_t used;
    unsigned char data[];
} block;

/// Each allocation is preceded by its size, which `arena_realloc` needs.
typedef struct {
    size_t size;
    size_t padding;
} header;

enum { first_block_size = 1 << 20, alignment = 16 };

static __thread block *current;
/// The allocation `arena_realloc` may grow in place: the last one made.
static __thread unsigned char *last;

static size_t rounded(size_t size) { return (size + alignment - 1) & ~(size_t)(alignment - 1); }

static block *new_block(size_t at_least, block *previous) {
    size_t capacity = at_least > first_block_size ? at_least : first_block_size;
    block *made = malloc(sizeof(block) + capacity);
    if (!made) return NULL;
    made->previous = previous;
    made->capacity = capacity;
    made->used = 0;
    return made;
}

/// Empties the arena, keeping its first block.
static void reset(void) {
    while (current && current->previous) {
        block *previous = current->previous;
        free(current);
        current = previous;
    }
    if (current) current->used = 0;
    last = NULL;
}

static void *arena_alloc(size_t size) {
    size_t needed = sizeof(header) + rounded(size);
    if (!current || current->capacity - current->used < needed) {
        block *made = new_block(needed, current);
        if (!made) abort();  // as cmark's own allocator does
        current = made;
    }
    header *h = (header *)(current->data + current->used);
    h->size = size;
    current->used += needed;
    last = (unsigned char *)(h + 1);
    return last;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) abort();
    void *memory = arena_alloc(count * size);
    memset(memory, 0, count * size);
    return memory;
}

static void *arena_realloc(void *old, size_t size) {
    if (!old) return arena_alloc(size);
    header *h = (header *)old - 1;
    // A growing buffer is most often the last allocation: it grows where it is.
    if (old == last) {
        size_t start = (size_t)((unsigned char *)h - current->data);
        size_t needed = sizeof(header) + rounded(size);
        if (current->capacity - start >= needed) {
            current->used = start + needed;
            h->size = size;
            return old;
        }
    }
    void *memory = arena_alloc(size);
    memcpy(memory, old, h->size < size ? h->size : size);
    return memory;
}

static void arena_free(void *memory) { (void)memory; }

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

const char *cmark_arena_markdown_to_html(const char *markdown, size_t length, int options, size_t *html_length) {
    reset();
    cmark_parser *parser = cmark_parser_new_with_mem(options, &arena);
    cmark_parser_feed(parser, markdown, length);
    cmark_node *document = cmark_parser_finish(parser);
    char *html = cmark_render_html(document, options);
    *html_length = html ? strlen(html) : 0;
    return html;
}
