// Nsight Compute CSV files: `ncu --csv` output, raw or details page, saved as is (console noise
// included) or exported from a report. The parsing lives in ncu_csv_parser.cpp.
#include "import/ncu/ncu_csv.h"

#include "import/importers.h"
#include "import/ncu/ncu_csv_parser.h"
#include "import/ncu/ncu_csv_reader.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace opscope::importers {

namespace {

constexpr size_t kChunkBytes = size_t(1) << 20;

// Calls `onLine` for each line of `text` (without its '\n'); the last line may lack one.
template <typename OnLine> void forEachLine(std::string_view text, OnLine &&onLine)
{
    size_t start = 0;
    while (start < text.size()) {
        const size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            onLine(text.substr(start));
            return;
        }
        onLine(text.substr(start, nl - start));
        start = nl + 1;
    }
}

} // namespace

bool looksLikeNcuCsv(std::string_view head)
{
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    const size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return false;
    if (head[first] == '{' || head[first] == '[' || hasSqliteMagic(head) || head.find('\0') != std::string_view::npos)
        return false;
    std::vector<std::string_view> fields;
    std::string scratch;
    size_t start = 0;
    while (start < head.size()) {
        size_t nl = head.find('\n', start);
        const std::string_view line = head.substr(start, nl == std::string_view::npos ? nl : nl - start);
        if (!line.empty() && line.front() == '"') {
            // The first line that looks like CSV decides (it may be cut off at the end of the head).
            splitCsvRecord(line, fields, scratch);
            if (fields.empty() || fields[0] != "ID")
                return false;
            for (std::string_view f : fields)
                if (f == "Kernel Name")
                    return true;
            return false;
        }
        if (nl == std::string_view::npos)
            break;
        start = nl + 1;
    }
    // Only console lines so far: an ncu log whose table starts further on.
    return head.find("==PROF==") != std::string_view::npos;
}

bool detectNcuCsv(const FileProbe &probe)
{
    return !probe.directory && looksLikeNcuCsv(probe.head);
}

void feedNcuCsvFile(const std::string &file, ncu::CsvParser &parser, const Progress &progress, std::string_view stage)
{
    if (isGzipMagic(readHead(file, 2))) {
        const std::string text = readMaybeGzipped(file);
        parser.setSizeHint(text.size());
        forEachLine(text, [&](std::string_view line) { parser.feedLine(line); });
        return;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw FileError(file, std::string("cannot open: ") + std::strerror(errno));
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    in.seekg(0);
    const uint64_t total = size > 0 ? uint64_t(size) : 0;
    parser.setSizeHint(total);

    // Stream in chunks; a line that crosses a chunk boundary is carried over.
    std::string buffer(kChunkBytes, '\0');
    std::string carry;
    uint64_t done = 0;
    while (in) {
        in.read(buffer.data(), std::streamsize(buffer.size()));
        const size_t got = size_t(in.gcount());
        if (got == 0)
            break;
        done += got;
        const std::string_view chunk(buffer.data(), got);
        for (size_t pos = 0;;) {
            const size_t nl = chunk.find('\n', pos);
            if (nl == std::string_view::npos) {
                carry.append(chunk.substr(pos));
                break;
            }
            if (carry.empty()) {
                parser.feedLine(chunk.substr(pos, nl - pos));
            } else {
                carry.append(chunk.substr(pos, nl - pos));
                parser.feedLine(carry);
                carry.clear();
            }
            pos = nl + 1;
        }
        progress.report(total > 0 ? 0.9 * double(done) / double(total) : 0.0, stage);
        progress.checkCancel();
    }
    if (in.bad())
        throw FileError(file, std::string("read error: ") + std::strerror(errno));
    if (!carry.empty())
        parser.feedLine(carry);
}

Profile importNcuCsv(const std::string &path, const Progress &progress)
{
    constexpr std::string_view kStage = "Reading Nsight Compute CSV";
    progress.report(0.0, kStage);
    ncu::CsvParser parser(path, progress);
    feedNcuCsvFile(path, parser, progress, kStage);
    Profile p = parser.finish();
    progress.report(1.0, kStage);
    return p;
}

} // namespace opscope::importers
