#include "opscope/file_util.h"

#include "opscope/errors.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

bool fileExists(const std::string &path)
{
    std::error_code ec;
    return fs::exists(path, ec);
}

std::string pathInside(const std::string &folder, const std::string &relative)
{
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(fs::absolute(folder, ec), ec);
    if (ec || relative.empty() || fs::path(relative).is_absolute())
        return {};
    const fs::path resolved = fs::weakly_canonical(base / relative, ec);
    if (ec)
        return {};
    // Inside: the folder's path is a prefix of it, component by component.
    auto b = base.begin(), r = resolved.begin();
    for (; b != base.end(); ++b, ++r)
        if (r == resolved.end() || *r != *b)
            return {};
    return resolved.string();
}

bool isExecutableFile(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

bool isDirectory(const std::string &path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

void writeFileAtomically(const std::string &path, const std::function<void(std::ostream &)> &write)
{
    const std::string temp = path + ".saving";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw FileError(path, "cannot write: the folder is missing or not writable");
        try {
            write(out);
        } catch (...) { // cancelled, or out of memory: no half-written file stays behind
            out.close();
            std::remove(temp.c_str());
            throw;
        }
        out.flush();
        if (!out) {
            out.close();
            std::remove(temp.c_str());
            throw FileError(path, "cannot write: disk full or I/O error");
        }
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        std::remove(temp.c_str());
        throw FileError(path, "cannot replace the file");
    }
}

std::string fileExtension(const std::string &path)
{
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

std::string fileBaseName(const std::string &path)
{
    return fs::path(path).stem().string();
}

std::string fileName(const std::string &path)
{
    return fs::path(path).filename().string();
}

static void checkReadable(const std::string &path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw FileError(path, "no such file");
    if (fs::is_directory(path, ec))
        throw FileError(path, "is a folder, not a file");
}

std::string readWholeFile(const std::string &path)
{
    checkReadable(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    std::string data;
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size > 0) {
        data.resize(size_t(size));
        in.seekg(0);
        in.read(data.data(), size);
        if (!in)
            throw FileError(path, "read error");
    }
    return data;
}

bool isGzipMagic(const std::string &bytes)
{
    return bytes.size() >= 2 && uint8_t(bytes[0]) == 0x1f && uint8_t(bytes[1]) == 0x8b;
}

bool hasSqliteMagic(std::string_view bytes)
{
    constexpr std::string_view kMagic("SQLite format 3\0", 16);
    return bytes.substr(0, kMagic.size()) == kMagic;
}

TempFolder::TempFolder(std::string_view prefix)
{
    std::string pattern = (fs::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()))
        path_ = pattern;
}

TempFolder::~TempFolder()
{
    std::error_code ec;
    if (!path_.empty())
        fs::remove_all(path_, ec);
}

uint64_t gzipLimit(uint64_t compressedBytes)
{
    const uint64_t scaled = compressedBytes > UINT64_MAX / kGzipMaxRatio ? UINT64_MAX : compressedBytes * kGzipMaxRatio;
    return std::max(kGzipMinLimit, scaled);
}

// Bytes in words: "223.5 KiB", "64.0 MiB".
static std::string sizeText(uint64_t bytes)
{
    const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char text[48];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

[[noreturn]] static void throwGzipBomb(const std::string &path, uint64_t compressedBytes)
{
    throw FileError(path, "compressed file: its gzip data expands to more than " +
                              sizeText(gzipLimit(compressedBytes)) + " (" + std::to_string(kGzipMaxRatio) +
                              " times its " + sizeText(compressedBytes) +
                              "), far beyond what real profiles compress to: refused as a possible gzip bomb. If you "
                              "trust the file, decompress it yourself (gunzip -k " +
                              fileName(path) + ") and open the result");
}

// Inflates gzip data, stopping after `limit` output bytes (SIZE_MAX for all of it, up to gzipLimit()).
static std::string inflateGzip(const std::string &path, const std::string &compressed, size_t limit)
{
    const uint64_t cap = gzipLimit(compressed.size());
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 32) != Z_OK)
        throw FileError(path, "cannot initialise gzip decoder");
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.data()));
    zs.avail_in = uInt(compressed.size());
    std::string out;
    out.reserve(std::min(limit, compressed.size() * 4));
    char buffer[1 << 16];
    int rc = Z_OK;
    while (rc != Z_STREAM_END && out.size() < limit) {
        zs.next_out = reinterpret_cast<Bytef *>(buffer);
        zs.avail_out = sizeof buffer;
        rc = inflate(&zs, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            inflateEnd(&zs);
            if (limit != SIZE_MAX && !out.empty())
                return out; // a head read of a damaged file: the importer reports it in full
            throw FileError(path, std::string("damaged gzip data (") + (zs.msg ? zs.msg : "inflate failed") + ")");
        }
        out.append(buffer, sizeof buffer - zs.avail_out);
        if (limit == SIZE_MAX && out.size() > cap) {
            inflateEnd(&zs);
            throwGzipBomb(path, compressed.size());
        }
        if (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0) {
            inflateEnd(&zs);
            if (limit != SIZE_MAX)
                return out;
            throw FileError(path, "truncated gzip data");
        }
    }
    inflateEnd(&zs);
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

std::string readMaybeGzipped(const std::string &path)
{
    std::string data = readWholeFile(path);
    if (isGzipMagic(data))
        return inflateGzip(path, data, SIZE_MAX);
    return data;
}

std::string readHead(const std::string &path, size_t count)
{
    checkReadable(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    std::string head(count, '\0');
    in.read(head.data(), std::streamsize(count));
    head.resize(size_t(in.gcount()));
    if (isGzipMagic(head)) {
        // Read enough compressed input to yield `count` bytes of text.
        std::string more(count * 8, '\0');
        in.read(more.data(), std::streamsize(more.size()));
        head.append(more.data(), size_t(in.gcount()));
        return inflateGzip(path, head, count);
    }
    return head;
}

std::string_view compressionOf(std::string_view raw)
{
    const auto startsWith = [&](std::string_view magic) { return raw.substr(0, magic.size()) == magic; };
    if (startsWith("\x1f\x8b"))
        return "gzip";
    if (startsWith("\x28\xb5\x2f\xfd"))
        return "zstd";
    if (startsWith(std::string_view("\xfd"
                                    "7zXZ\x00",
                                    6)))
        return "xz";
    if (startsWith("BZh"))
        return "bzip2";
    return {};
}

std::string readRawHead(const std::string &path, size_t count)
{
    checkReadable(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    std::string head(count, '\0');
    in.read(head.data(), std::streamsize(count));
    head.resize(size_t(in.gcount()));
    return head;
}

void gunzipToFile(const std::string &path, const std::string &target)
{
    gzFile in = gzopen(path.c_str(), "rb");
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    std::error_code sizeError;
    const uint64_t cap = gzipLimit(fs::file_size(path, sizeError));
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    std::string buffer(1 << 20, '\0');
    int n = 0;
    uint64_t written = 0;
    while (out && (n = gzread(in, buffer.data(), unsigned(buffer.size()))) > 0) {
        written += uint64_t(n);
        if (written > cap) {
            gzclose(in);
            out.close();
            std::remove(target.c_str());
            throwGzipBomb(path, fs::file_size(path, sizeError));
        }
        out.write(buffer.data(), n);
    }
    // A cut file ends the reads without n < 0: zlib keeps the error ("unexpected end of file").
    int error = Z_OK;
    const std::string zlibMessage = gzerror(in, &error);
    gzclose(in);
    out.flush();
    if (n < 0 || (error != Z_OK && error != Z_STREAM_END))
        throw FileError(path, "compressed file: its gzip data is damaged or cut short (" + zlibMessage + ")");
    if (!out)
        throw FileError(path, "compressed file: cannot write its decompressed copy to " + target + " (disk full?)");
}

} // namespace opscope
