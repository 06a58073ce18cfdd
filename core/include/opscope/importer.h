#pragma once
// One way in for every file format: detection by content (not only by extension) and a loader
// per format. Each importer registers itself in importer.cpp's table.

#include "opscope/profile.h"
#include "opscope/progress.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// What detection may look at: the path, its extension and the first bytes (inflated if gzipped).
struct FileProbe {
    std::string path;
    std::string extension; // lower case with the dot
    std::string head;      // up to 64 KiB of content
    bool directory = false;
};

struct ImportFormat {
    std::string_view id;          // stable name, e.g. "nsys-sqlite"; the profile's source_format
    std::string_view description; // for users, e.g. "Nsight Systems SQLite export"
    std::function<bool(const FileProbe &)> detect;
    std::function<Profile(const std::string &path, const Progress &)> load;
};

// All formats, in the order detection tries them.
const std::vector<ImportFormat> &importFormats();

// The format of `path`; throws FileError naming the file when no importer recognises it.
const ImportFormat &detectFormat(const std::string &path);

// Detects and imports one file. Throws FileError (bad input) or Cancelled.
Profile importFile(const std::string &path, const Progress &progress = {});

} // namespace opscope
