// `nsys stats --report nvtx_pushpop_trace --format csv`: one row per NVTX push/pop range with its
// thread and nesting level (shared/research/formats.md §1). Header of the real sample (2022):
//   Start (ns),End (ns),Duration (ns),DurChild (ns),DurNonChild (ns),Name,PID,TID,Lvl,NumChild,RangeId,
//   ParentId,RangeStack,NameTree
#include "import/common/csv.h"
#include "import/importers.h"

#include "opscope/errors.h"
#include "opscope/format_ids.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <map>

namespace opscope::importers {

namespace {

constexpr std::string_view kHeaderStart = "Start (ns),End (ns),Duration (ns),DurChild (ns),DurNonChild (ns),Name,";

std::string_view headerLineOf(std::string_view head)
{
    // nsys stats prints preamble lines on stdout before the header ("Generating SQLite file...").
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    for (int lineNo = 0; lineNo < 16 && !head.empty(); ++lineNo) {
        const size_t eol = head.find('\n');
        std::string_view line = head.substr(0, eol);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.substr(0, kHeaderStart.size()) == kHeaderStart)
            return line;
        if (eol == std::string_view::npos)
            break;
        head.remove_prefix(eol + 1);
    }
    return {};
}

class StatsCsvReader {
public:
    StatsCsvReader(const std::string &path, const Progress &progress) : path_(path), progress_(progress) {}

    Profile run()
    {
        std::ifstream in(path_, std::ios::binary);
        if (!in)
            throw FileError(path_, std::string("cannot open: ") + std::strerror(errno));
        in.seekg(0, std::ios::end);
        const double size = double(std::max<std::streamoff>(in.tellg(), 1));
        in.seekg(0);
        p_.source_format = format_id::kNsysStatsCsv;
        p_.source_path = path_;
        progress_.report(0.0, "Reading NVTX push/pop trace");

        std::string line, record, scratch;
        std::vector<std::string_view> fields;
        bool haveHeader = false;
        while (std::getline(in, line)) {
            ++lineNo_;
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            if (!haveHeader) {
                if (lineNo_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0)
                    line.erase(0, 3);
                if (line.rfind(kHeaderStart, 0) == 0) {
                    splitCsvRecord(line, fields, scratch);
                    mapColumns(fields);
                    haveHeader = true;
                }
                continue;
            }
            record = line;
            for (bool open = quoteOpenAfter(line, false); open && std::getline(in, line);) {
                ++lineNo_;
                record += '\n';
                record += line;
                open = quoteOpenAfter(line, true);
            }
            if (record.find_first_not_of(" \t") == std::string::npos)
                continue;
            splitCsvRecord(record, fields, scratch);
            addRange(fields);
            if ((p_.ranges.size() % 4096) == 0) {
                progress_.checkCancel();
                progress_.report(double(in.tellg()) / size, "Reading NVTX push/pop trace");
            }
        }
        progress_.checkCancel();
        progress_.report(1.0, "Reading NVTX push/pop trace");
        if (!haveHeader)
            throw FileError(path_, "not an nsys stats NVTX push/pop trace (no header line starting with \"" +
                                       std::string(kHeaderStart) + "\")");
        if (minStart_ <= maxEnd_) {
            p_.span_start_ns = minStart_;
            p_.span_end_ns = maxEnd_;
        }
        auto byStartThenLongest = [](const Range &a, const Range &b) {
            return a.start_ns != b.start_ns ? a.start_ns < b.start_ns : a.end_ns > b.end_ns;
        };
        if (!std::is_sorted(p_.ranges.begin(), p_.ranges.end(), byStartThenLongest))
            std::stable_sort(p_.ranges.begin(), p_.ranges.end(), byStartThenLongest);
        p_.finalize();
        return std::move(p_);
    }

private:
    void mapColumns(const std::vector<std::string_view> &header)
    {
        for (size_t i = 0; i < header.size(); ++i)
            columns_[std::string(header[i])] = i;
        for (const char *required : {"Start (ns)", "End (ns)", "Name", "PID", "TID", "Lvl"})
            if (!columns_.count(required))
                throw FileError(path_, std::string("the header has no column \"") + required + "\"");
        start_ = columns_["Start (ns)"];
        end_ = columns_["End (ns)"];
        name_ = columns_["Name"];
        pid_ = columns_["PID"];
        tid_ = columns_["TID"];
        level_ = columns_["Lvl"];
        if (auto it = columns_.find("Domain"); it != columns_.end())
            domain_ = it->second;
    }

    int64_t number(const std::vector<std::string_view> &fields, size_t column, const char *what)
    {
        if (column >= fields.size())
            throw FileError(path_, "line " + std::to_string(lineNo_) + ": too few fields (no " + what + ")");
        const std::string_view text = fields[column];
        int64_t value = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || ptr != text.data() + text.size())
            throw FileError(path_, "line " + std::to_string(lineNo_) + ": " + what + " is not a number: \"" +
                                       std::string(text) + "\"");
        return value;
    }

    void addRange(const std::vector<std::string_view> &fields)
    {
        Range r;
        r.kind = RangeKind::PushPop;
        r.start_ns = number(fields, start_, "Start (ns)");
        r.end_ns = number(fields, end_, "End (ns)");
        r.text = p_.intern(name_ < fields.size() ? fields[name_] : std::string_view());
        const int64_t pid = number(fields, pid_, "PID");
        const int64_t tid = number(fields, tid_, "TID");
        const int64_t level = number(fields, level_, "Lvl");
        r.depth = uint16_t(std::clamp<int64_t>(level, 0, UINT16_MAX));
        if (domain_ != SIZE_MAX && domain_ < fields.size() && !fields[domain_].empty())
            r.domain = p_.intern(fields[domain_]);
        auto [it, added] = threads_.try_emplace({pid, tid}, Index(p_.threads.size()));
        if (added)
            p_.threads.push_back({pid, tid, kNoString});
        r.thread = it->second;
        minStart_ = std::min(minStart_, r.start_ns);
        maxEnd_ = std::max(maxEnd_, r.end_ns);
        p_.ranges.push_back(r);
    }

    std::string path_;
    const Progress &progress_;
    Profile p_;
    std::map<std::string, size_t, std::less<>> columns_;
    size_t start_ = 0, end_ = 0, name_ = 0, pid_ = 0, tid_ = 0, level_ = 0, domain_ = SIZE_MAX;
    std::map<std::pair<int64_t, int64_t>, Index> threads_;
    size_t lineNo_ = 0;
    int64_t minStart_ = INT64_MAX, maxEnd_ = INT64_MIN;
};

} // namespace

bool detectNsysStatsCsv(const FileProbe &probe)
{
    return !probe.directory && !headerLineOf(probe.head).empty();
}

Profile importNsysStatsCsv(const std::string &path, const Progress &progress)
{
    return StatsCsvReader(path, progress).run();
}

} // namespace opscope::importers
