#pragma once
// Small file helpers shared by importers.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace opscope {

// Reads the whole file; throws FileError naming the file when it cannot be read.
std::string readWholeFile(const std::string &path);
// Reads the whole file, inflating it when it is gzip-compressed (by content, not by name), up to
// gzipLimit() of its size (FileError beyond).
std::string readMaybeGzipped(const std::string &path);
// The first `count` bytes of the file, inflated when gzipped (for format detection).
std::string readHead(const std::string &path, size_t count);
bool isGzipMagic(const std::string &bytes);
// The compression a file's first bytes (as stored, not inflated) name: "gzip", "zstd", "xz", "bzip2", or
// "" for none of them.
std::string_view compressionOf(std::string_view rawHead);
// The first `count` bytes of the file as stored (compressed or not).
std::string readRawHead(const std::string &path, size_t count);
// Inflates the gzip file `path` into `target`, up to gzipLimit() of its size. Throws FileError naming
// `path` when it cannot, or when it expands further (a gzip bomb; `target` is then removed).
void gunzipToFile(const std::string &path, const std::string &target);
// The most a gzip file of `compressedBytes` is inflated to where the result is kept (in memory or in a
// temporary file): kGzipMaxRatio times its size, and at least kGzipMinLimit. Real profiles compress 5 to
// 15 times (docs/reliability.md); deflate can reach 1032 times, which is what a bomb uses.
inline constexpr uint64_t kGzipMaxRatio = 100;
inline constexpr uint64_t kGzipMinLimit = uint64_t(64) << 20;
uint64_t gzipLimit(uint64_t compressedBytes);
// Whether `bytes` start with "SQLite format 3\0", the first 16 bytes of every SQLite 3 database.
bool hasSqliteMagic(std::string_view bytes);
// `relative` resolved in `folder`, symbolic links followed (as far as the path exists): the path when it
// stays inside `folder`, empty when it leaves it (an absolute path, "..", a link that points out). For
// the paths that files name (run manifests, sweep files): a file someone sent must not make OpScope
// read, run or write anything outside its own folder.
std::string pathInside(const std::string &folder, const std::string &relative);
bool fileExists(const std::string &path);
bool isDirectory(const std::string &path);
bool isExecutableFile(const std::string &path);     // a regular file this process may run
std::string fileExtension(const std::string &path); // lower case, with the dot: ".json"
std::string fileBaseName(const std::string &path);  // without folder and last extension
std::string fileName(const std::string &path);      // without folder: "ncu_raw.csv"

// Writes `path` through `write` into "<path>.saving", then renames it over `path`, so a reader never sees
// a half-written file and a failed write leaves the old one. Throws FileError naming `path`.
void writeFileAtomically(const std::string &path, const std::function<void(std::ostream &)> &write);

// A private folder under the system's temporary directory (mkdtemp), removed with everything in it
// when this object goes, however the work in it ends. path() is empty when it could not be made.
class TempFolder {
public:
    explicit TempFolder(std::string_view prefix); // "opscope-nsys": /tmp/opscope-nsys-XXXXXX
    ~TempFolder();
    TempFolder(const TempFolder &) = delete;
    TempFolder &operator=(const TempFolder &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

} // namespace opscope
