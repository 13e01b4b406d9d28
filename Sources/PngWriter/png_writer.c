// libpng's full writer, for what its simplified API does not offer: deflate's run-length strategy. A map is palette
// pixels in long runs, which Z_RLE compresses about as well as deflate's searches, in a fraction of the time.
// libpng reports errors by longjmp, which must not cross Swift frames: it stays within this function.
#include "png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    unsigned char *data;
    size_t size, capacity;
} buffer;

static void append(png_structp png, png_bytep bytes, size_t length) {
    buffer *b = png_get_io_ptr(png);
    if (length > b->capacity - b->size) {
        size_t capacity = b->capacity;
        while (length > capacity - b->size) capacity *= 2;
        unsigned char *data = realloc(b->data, capacity);
        if (!data) png_error(png, "out of memory");
        b->data = data;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, bytes, length);
    b->size += length;
}

static void flush(png_structp png) { (void)png; }

// `width` indices of `depth` bits (1, 2 or 4) each into bytes, the first pixel in the high bits, as PNG has them. One
// loop a depth, so that each has its shifts as constants.
#define PACK(DEPTH)                                                                                   \
    {                                                                                                 \
        enum { per = 8 / DEPTH };                                                                     \
        unsigned whole = width / per;                                                                 \
        for (unsigned i = 0; i < whole; i++) {                                                        \
            unsigned char byte = 0;                                                                   \
            for (unsigned k = 0; k < per; k++) byte |= (unsigned char)(row[i * per + k] << (8 - DEPTH * (k + 1))); \
            out[i] = byte;                                                                            \
        }                                                                                             \
        if (whole * per < width) {                                                                    \
            unsigned char byte = 0;                                                                   \
            for (unsigned k = 0; whole * per + k < width; k++)                                        \
                byte |= (unsigned char)(row[whole * per + k] << (8 - DEPTH * (k + 1)));               \
            out[whole] = byte;                                                                        \
        }                                                                                             \
    }

static void pack(const unsigned char *row, unsigned width, int depth, unsigned char *out) {
    switch (depth) {
        case 4: PACK(4) break;
        case 2: PACK(2) break;
        default: PACK(1) break;
    }
}

static void fail(png_structp png, png_const_charp message) {
    *(const char **)png_get_error_ptr(png) = message;
    png_longjmp(png, 1);
}

int citygen_png_write_palette(unsigned width, unsigned height, const unsigned char *indices, const unsigned char *rgba,
                              unsigned entries, unsigned char **out, size_t *size, const char **message) {
    *message = "libpng could not start";
    if (entries < 1 || entries > 256) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, (png_voidp)message, fail, NULL);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    // volatile: read after a longjmp from inside libpng.
    buffer *volatile b = calloc(1, sizeof(buffer));
    if (!info || !b) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(b);
        return 1;
    }
    b->capacity = 4096 + (size_t)width * height / 4;
    b->data = malloc(b->capacity);
    // One row of packed pixels, for depths under 8.
    unsigned char *volatile packed = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(packed);
        free(b->data);
        free(b);
        return 1;
    }
    if (!b->data) png_error(png, "out of memory");
    png_set_write_fn(png, b, append, flush);
    int depth = entries <= 2 ? 1 : entries <= 4 ? 2 : entries <= 16 ? 4 : 8;
    png_set_IHDR(png, info, width, height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_color palette[256];
    png_byte alpha[256];
    int translucent = 0;  // how many entries tRNS lists: up to the last that is not opaque
    for (unsigned i = 0; i < entries; i++) {
        palette[i] = (png_color){rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]};
        alpha[i] = rgba[4 * i + 3];
        if (alpha[i] != 255) translucent = (int)i + 1;
    }
    png_set_PLTE(png, info, palette, (int)entries);
    if (translucent > 0) png_set_tRNS(png, info, alpha, translucent, NULL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_strategy(png, Z_RLE);
    // The indices are the palette's by construction: libpng need not check each pixel against it.
    png_set_check_for_invalid_index(png, -1);
    png_write_info(png, info);
    // Rows are packed here rather than by png_set_packing, whose loop takes a pixel at a time through a variable shift.
    if (depth < 8) {
        packed = malloc(((size_t)width * depth + 7) / 8);
        if (!packed) png_error(png, "out of memory");
    }
    for (unsigned y = 0; y < height; y++) {
        const unsigned char *row = indices + (size_t)y * width;
        if (depth < 8) {
            pack(row, width, depth, packed);
            row = packed;
        }
        png_write_row(png, (png_const_bytep)row);
    }
    free(packed);
    packed = NULL;
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = b->data;
    *size = b->size;
    free(b);
    return 0;
}
