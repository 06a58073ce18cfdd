#pragma once
// One way in for every file format: detection by content (not only by extension), a loader per format,
// and the role each format plays when the files of one capture are imported together (capture_import.h).
// Each importer registers itself in import/importer.cpp's table.

#include "opscope/format_ids.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <functional>
#include <map>
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

// Triton kernel name -> the aten ops it fuses ("aten::convolution", ...), from Inductor's
// output_code.py comments ("# ... Original ATen: [aten.convolution, aten.relu]").
using InductorKernelMap = std::map<std::string, std::vector<std::string>>;

// What a file adds when it is imported with other files of the same capture (importCapture): the file
// of the lowest rank becomes the profile, and every other file adds what its role says, unless the
// profile has that role too (a second file of one kind adds nothing).
enum class ImportRole {
    Timeline,      // kernels in time (nsys); beside a better-ranked timeline it adds nothing
    CrossCheck,    // a timeline that, beside a better one, checks its operators (torch.profiler beside nsys)
    Counters,      // per-kernel hardware counters (ncu), matched onto the profile's kernels
    KernelMap,     // what generated kernels fuse (an Inductor debug folder); no kernels of its own
    MemoryHistory, // the CUDA allocator's history (a memory snapshot): memory events for the profile
};

// The rank of formats that never lead when a better one is there (and of unknown source formats).
inline constexpr int kLastImportRank = 3;

struct ImportFormat {
    std::string_view id;          // stable name, a format_id:: constant (format_ids.h); the profile's source_format
    std::string_view description; // for users, e.g. "Nsight Systems SQLite export"
    ImportRole role = ImportRole::Timeline;
    int rank = kLastImportRank; // which file becomes the profile: the lowest rank (nsys 0, torch.profiler 1, ncu 2)
    std::function<bool(const FileProbe &)> detect{};
    // The file as a profile. A KernelMap format has none to give and throws FileError saying so.
    std::function<Profile(const std::string &path, const Progress &)> load{};
    // KernelMap formats only: the kernel names and the ops they fuse.
    std::function<InductorKernelMap(const std::string &path)> loadKernelMap{};
};

// All formats, in the order detection tries them.
const std::vector<ImportFormat> &importFormats();

// The format of this id (a profile's source_format: a saved .opscope keeps the one it was imported
// from), or nullptr.
const ImportFormat *findFormat(std::string_view id);

// The format of `path`; throws FileError naming the file when no importer recognises it.
const ImportFormat &detectFormat(const std::string &path);

// Detects and imports one file. Throws FileError (bad input) or Cancelled.
Profile importFile(const std::string &path, const Progress &progress = {});
// Imports one file of a format already detected.
Profile importFile(const ImportFormat &format, const std::string &path, const Progress &progress = {});

} // namespace opscope
