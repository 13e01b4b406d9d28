#ifndef CITYGEN_PNG_WRITER_H
#define CITYGEN_PNG_WRITER_H

#include <stddef.h>

/// Writes a palette image as PNG into a buffer that the caller frees with `free`: `indices` holds one byte a pixel,
/// row by row, into `rgba` (`entries` colours of 4 bytes, at most 256). Returns 0, or 1 when libpng failed (then
/// `*message` names why, a static string).
int citygen_png_write_palette(unsigned width, unsigned height, const unsigned char *indices, const unsigned char *rgba,
                              unsigned entries, unsigned char **out, size_t *size, const char **message);

#endif
