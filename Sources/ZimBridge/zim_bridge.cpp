#include "zim_bridge.h"

#include <xapian.h>
#include <zim/archive.h>
#include <zim/entry.h>
#include <zim/item.h>
#include <zim/uuid.h>
#include <zim/blob.h>
#include <zim/writer/contentProvider.h>
#include <zim/writer/creator.h>
#include <zim/writer/item.h>

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <exception>
#include <memory>
#include <string>

struct zim_bridge_writer {
    zim::writer::Creator creator;
};

namespace {

void copy_error(const char *message, char *error, size_t error_size) {
    if (error == nullptr || error_size == 0) return;
    std::strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

// Runs `body`, turning a C++ exception into -1 and its message: no exception crosses into Swift.
template <typename Body> int guarded(char *error, size_t error_size, Body body) {
    try {
        body();
        return 0;
    } catch (const std::exception &exception) {
        copy_error(exception.what(), error, error_size);
    } catch (const Xapian::Error &exception) {
        // libzim's indexes are Xapian databases, whose errors (a full disk among them) are not std::exceptions.
        copy_error(exception.get_description().c_str(), error, error_size);
    } catch (...) {
        copy_error("unknown libzim error", error, error_size);
    }
    return -1;
}

// What the full-text index holds of an entry: its title and a plain text the caller chose, instead of libzim's
// default, which parses the whole HTML page (navigation and neighbours' names included) on the workers.
class PlainIndexData : public zim::writer::IndexData {
  public:
    PlainIndexData(std::string title, std::string content) : title(std::move(title)), content(std::move(content)) {}
    bool hasIndexData() const override { return true; }
    std::string getTitle() const override { return title; }
    std::string getContent() const override { return content; }
    std::string getKeywords() const override { return ""; }
    uint32_t getWordCount() const override {
        uint32_t words = 0;
        bool inWord = false;
        for (char c : content) {
            bool space = c == ' ' || c == '\n' || c == '\t';
            if (!space && !inWord) words++;
            inWord = !space;
        }
        return words;
    }
    GeoPosition getGeoPosition() const override { return GeoPosition(false, 0, 0); }

  private:
    std::string title, content;
};

// A whole entry's bytes, shared by the item and the provider libzim reads it through on its workers.
class SharedBytesProvider : public zim::writer::ContentProvider {
  public:
    explicit SharedBytesProvider(std::shared_ptr<const std::string> bytes) : bytes(std::move(bytes)) {}
    zim::size_type getSize() const override { return bytes->size(); }
    zim::Blob feed() override {
        if (fed) return zim::Blob();
        fed = true;
        return zim::Blob(bytes->data(), bytes->size());
    }

  private:
    std::shared_ptr<const std::string> bytes;
    bool fed = false;
};

class PageItem : public zim::writer::BasicItem {
  public:
    PageItem(const std::string &path, const std::string &mime_type, const std::string &title,
             const zim::writer::Hints &hints, std::string content, const char *index_text)
        : zim::writer::BasicItem(path, mime_type, title, hints),
          content(std::make_shared<const std::string>(std::move(content))) {
        if (index_text != nullptr) index = std::make_shared<PlainIndexData>(title, index_text);
    }
    std::unique_ptr<zim::writer::ContentProvider> getContentProvider() const override {
        return std::unique_ptr<zim::writer::ContentProvider>(new SharedBytesProvider(content));
    }
    std::shared_ptr<zim::writer::IndexData> getIndexData() const override { return index; }

  private:
    std::shared_ptr<const std::string> content;
    std::shared_ptr<zim::writer::IndexData> index;
};

// libzim prints its progress on stdout even when not verbose; citygen's stdout carries only what was asked for
// (`--json`), so it is pointed at /dev/null while libzim finishes.
class QuietStdout {
  public:
    QuietStdout() {
        std::fflush(stdout);
        saved = dup(STDOUT_FILENO);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            close(null);
        }
    }
    ~QuietStdout() {
        std::fflush(stdout);
        if (saved >= 0) {
            dup2(saved, STDOUT_FILENO);
            close(saved);
        }
    }

  private:
    int saved;
};

}  // namespace

extern "C" zim_bridge_writer *zim_bridge_create(const char *path, const char *language, unsigned workers,
                                                char *error, size_t error_size) {
    auto writer = std::make_unique<zim_bridge_writer>();
    int status = guarded(error, error_size, [&] {
        writer->creator.configVerbose(false).configCompression(zim::Compression::Zstd).configNbWorkers(workers);
        if (language != nullptr) writer->creator.configIndexing(true, language);
        writer->creator.startZimCreation(path);
    });
    return status == 0 ? writer.release() : nullptr;
}

extern "C" int zim_bridge_add(zim_bridge_writer *writer, const char *path, const char *title, const char *mime_type,
                              const void *data, size_t size, int front, int compress, const char *index_text,
                              char *error, size_t error_size) {
    return guarded(error, error_size, [&] {
        zim::writer::Hints hints{{zim::writer::FRONT_ARTICLE, front != 0}, {zim::writer::COMPRESS, compress != 0}};
        writer->creator.addItem(std::make_shared<PageItem>(
            path, mime_type, title, hints, std::string(static_cast<const char *>(data), size), index_text));
    });
}

extern "C" int zim_bridge_add_metadata(zim_bridge_writer *writer, const char *name, const void *data, size_t size,
                                       const char *mime_type, char *error, size_t error_size) {
    return guarded(error, error_size, [&] {
        writer->creator.addMetadata(name, std::string(static_cast<const char *>(data), size), mime_type);
    });
}

extern "C" int zim_bridge_add_illustration(zim_bridge_writer *writer, unsigned size, const void *data, size_t length,
                                           char *error, size_t error_size) {
    return guarded(error, error_size, [&] {
        writer->creator.addIllustration(size, std::string(static_cast<const char *>(data), length));
    });
}

extern "C" int zim_bridge_set_main_path(zim_bridge_writer *writer, const char *path) {
    writer->creator.setMainPath(path);
    return 0;
}

extern "C" int zim_bridge_set_uuid(zim_bridge_writer *writer, const uint8_t uuid[16]) {
    writer->creator.setUuid(zim::Uuid(reinterpret_cast<const char *>(uuid)));
    return 0;
}

extern "C" int zim_bridge_finish(zim_bridge_writer *writer, char *error, size_t error_size) {
    return guarded(error, error_size, [&] {
        QuietStdout quiet;
        writer->creator.finishZimCreation();
    });
}

extern "C" void zim_bridge_free(zim_bridge_writer *writer) {
    // An unfinished Creator's destructor stops its threads; it must not throw into Swift.
    try {
        delete writer;
    } catch (...) {
    }
}

extern "C" int zim_bridge_read(const char *path, void *context,
                               void (*entry)(void *context, const char *path, const char *title, uint64_t size),
                               uint64_t *articles, uint64_t *file_size, char *error, size_t error_size) {
    return guarded(error, error_size, [&] {
        zim::Archive archive(path);
        for (const auto &found : archive.iterByPath()) {
            if (found.isRedirect()) continue;
            entry(context, found.getPath().c_str(), found.getTitle().c_str(), found.getItem().getSize());
        }
        *articles = archive.getArticleCount();
        *file_size = archive.getFilesize();
    });
}
