#ifndef ZIM_BRIDGE_H
#define ZIM_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A ZIM file being written through libzim's `zim::writer::Creator`. Every function returns 0 on success, or
/// -1 with libzim's exception message in `error` (`error_size` bytes at most, NUL-terminated).
typedef struct zim_bridge_writer zim_bridge_writer;

/// Starts writing `path` with `workers` compression threads; `language` (ISO 639-3) turns the full-text index
/// on, NULL leaves it off.
zim_bridge_writer *zim_bridge_create(const char *path, const char *language, unsigned workers, char *error,
                                     size_t error_size);

/// Adds an entry. `front` marks a page readers list (title index); `compress` asks for a compressed cluster;
/// `index_text`, when not NULL, is the plain text the full-text index holds for it (with the title), else the entry
/// is not in that index.
int zim_bridge_add(zim_bridge_writer *writer, const char *path, const char *title, const char *mime_type,
                   const void *data, size_t size, int front, int compress, const char *index_text, char *error,
                   size_t error_size);

int zim_bridge_add_metadata(zim_bridge_writer *writer, const char *name, const void *data, size_t size,
                            const char *mime_type, char *error, size_t error_size);

/// Adds the PNG `data` as the `size`×`size` illustration.
int zim_bridge_add_illustration(zim_bridge_writer *writer, unsigned size, const void *data, size_t length, char *error,
                                size_t error_size);

int zim_bridge_set_main_path(zim_bridge_writer *writer, const char *path);

/// Sets the file's 16-byte UUID (written by `zim_bridge_finish`).
int zim_bridge_set_uuid(zim_bridge_writer *writer, const uint8_t uuid[16]);

/// Writes the indexes and the header, and closes the file.
int zim_bridge_finish(zim_bridge_writer *writer, char *error, size_t error_size);

/// Frees the writer (an unfinished file is left for the caller to delete).
void zim_bridge_free(zim_bridge_writer *writer);

/// Calls `entry` for every entry of the ZIM file at `path` that is an item (not a redirect), in path order, with
/// its path, title and size; sets the archive's article (title index) count and file size.
int zim_bridge_read(const char *path, void *context,
                    void (*entry)(void *context, const char *path, const char *title, uint64_t size),
                    uint64_t *articles, uint64_t *file_size, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
