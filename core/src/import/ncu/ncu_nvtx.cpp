#include "import/ncu/ncu_nvtx.h"

#include <algorithm>
#include <limits>

namespace opscope::importers::ncu {

namespace {

constexpr std::string_view kDefaultDomain = "<default domain>";

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool restIsSpaces(std::string_view s, size_t from)
{
    for (size_t i = from; i < s.size(); ++i)
        if (s[i] != ' ')
            return false;
    return true;
}

// Position of the k-th ':' counted from the end, or npos.
size_t colonFromEnd(std::string_view s, int k)
{
    size_t pos = s.size();
    for (int i = 0; i < k; ++i) {
        if (pos == 0)
            return std::string_view::npos;
        pos = s.rfind(':', pos - 1);
        if (pos == std::string_view::npos)
            return pos;
    }
    return pos;
}

std::string_view lastField(std::string_view s)
{
    const size_t colon = s.rfind(':');
    return colon == std::string_view::npos ? s : s.substr(colon + 1);
}

std::string_view normalDomain(std::string_view domain)
{
    return domain == kDefaultDomain ? std::string_view("default") : domain;
}

// "DOMAIN:NAME" when nothing else tells where the domain ends: "<...>" domains end at '>', others
// at their first ':' (a custom domain name with ':' is only recognised through Msg, see above).
void splitHead(std::string_view head, std::string_view &domain, std::string_view &message)
{
    size_t end = std::string_view::npos;
    if (!head.empty() && head.front() == '<') {
        const size_t gt = head.find(">:");
        if (gt != std::string_view::npos)
            end = gt + 1;
    }
    if (end == std::string_view::npos)
        end = head.find(':');
    if (end == std::string_view::npos) {
        domain = {};
        message = head;
        return;
    }
    domain = normalDomain(head.substr(0, end));
    message = head.substr(end + 1);
}

} // namespace

bool splitNvtxEntry(std::string_view entry, std::string_view &domain, std::string_view &message)
{
    // Msg_Type "none": the last six fields are the attributes, the rest is DOMAIN:NAME.
    const size_t attributes = colonFromEnd(entry, 6);
    if (attributes != std::string_view::npos) {
        const std::string_view tail = entry.substr(attributes + 1);
        const std::string_view msg = lastField(tail);
        const std::string_view msgType = lastField(tail.substr(0, tail.size() - msg.size() - 1));
        if (msgType == "none" && msg == "none") {
            splitHead(entry.substr(0, attributes), domain, message);
            return true;
        }
    }
    // A message type: Msg repeats NAME, so ENTRY = DOMAIN:NAME:<5 fields>:NAME. Longest NAME first.
    for (size_t c = entry.find(':'); c != std::string_view::npos; c = entry.find(':', c + 1)) {
        const std::string_view name = entry.substr(c + 1);
        const std::string_view before = entry.substr(0, c);
        const size_t fields = colonFromEnd(before, 5);
        if (fields == std::string_view::npos)
            continue;
        const std::string_view msgType = lastField(before);
        if (msgType.empty() || msgType == "none")
            continue;
        const std::string_view head = before.substr(0, fields);
        if (head.size() > name.size() && head.substr(head.size() - name.size()) == name &&
            head[head.size() - name.size() - 1] == ':') {
            domain = normalDomain(head.substr(0, head.size() - name.size() - 1));
            message = name;
            return true;
        }
    }
    if (attributes != std::string_view::npos) {
        splitHead(entry.substr(0, attributes), domain, message);
        return true;
    }
    domain = {};
    message = entry;
    return false;
}

void parseNvtxCell(std::string_view cell, bool startEnd, NvtxCell &out)
{
    out.entries.clear();
    out.hasThread = false;
    out.thread = 0;
    out.malformed = 0;
    const size_t n = cell.size();
    size_t pos = 0;
    while (pos < n && cell[pos] == ' ')
        ++pos;
    if (pos < n && isDigit(cell[pos])) {
        int64_t thread = 0;
        size_t end = pos;
        while (end < n && isDigit(cell[end]) && thread < std::numeric_limits<int64_t>::max() / 10)
            thread = thread * 10 + (cell[end++] - '0');
        if (end == n || cell[end] == ' ') {
            out.hasThread = true;
            out.thread = thread;
            pos = end;
        }
    }
    while (pos < n) {
        const size_t open = cell.find('"', pos);
        if (open == std::string_view::npos) {
            if (!restIsSpaces(cell, pos))
                ++out.malformed; // text outside quotes: not ncu's layout
            break;
        }
        if (!restIsSpaces(cell.substr(0, open), pos))
            ++out.malformed;
        // An entry ends at a quote followed by two spaces and the next entry's quote, or by the end.
        // Quotes inside a message (ncu does not escape them) are followed by anything else.
        size_t close = std::string_view::npos;
        for (size_t q = cell.find('"', open + 1); q != std::string_view::npos; q = cell.find('"', q + 1)) {
            if (cell.compare(q + 1, 3, "  \"") == 0 || restIsSpaces(cell, q + 1)) {
                close = q;
                break;
            }
        }
        const std::string_view text =
            close == std::string_view::npos ? cell.substr(open + 1) : cell.substr(open + 1, close - open - 1);
        pos = close == std::string_view::npos ? n : close + 1;

        NvtxEntry entry;
        std::string_view body = text;
        if (startEnd) {
            size_t digits = 0;
            while (digits < body.size() && isDigit(body[digits]))
                ++digits;
            if (digits > 0 && digits < body.size() && body[digits] == ':' && digits < 18) {
                int64_t id = 0;
                for (size_t i = 0; i < digits; ++i)
                    id = id * 10 + (body[i] - '0');
                entry.id = id;
                body.remove_prefix(digits + 1);
            }
        }
        if (!splitNvtxEntry(body, entry.domain, entry.message) || close == std::string_view::npos)
            ++out.malformed;
        out.entries.push_back(entry);
    }
}

Index NvtxRangeBuilder::newRange(const Kernel &kernel, StringId text, StringId domain, Index thread, size_t depth,
                                 RangeKind kind)
{
    Range r;
    r.start_ns = kernel.start_ns;
    r.end_ns = kernel.end_ns;
    r.text = text;
    r.domain = domain;
    r.thread = thread;
    r.depth = uint16_t(std::min<size_t>(depth, std::numeric_limits<uint16_t>::max()));
    r.kind = kind;
    p_.ranges.push_back(r);
    return Index(p_.ranges.size() - 1);
}

void NvtxRangeBuilder::addKernel(const Kernel &kernel, int64_t pid, Index thread, const NvtxCell &pushPop,
                                 const NvtxCell &startEnd)
{
    ++kernelCount_;
    if (thread == kNoIndex) {
        // No push/pop state recorded for this launch: no range of its process's threads can span it.
        for (auto &[key, stack] : pushPop_)
            if (p_.threads[key.first].pid == pid)
                stack.clear();
    } else {
        addPushPop(kernel, thread, pushPop);
    }
    addStartEnd(kernel, pid, startEnd);
}

void NvtxRangeBuilder::addPushPop(const Kernel &kernel, Index thread, const NvtxCell &cell)
{
    domains_.clear();
    for (const NvtxEntry &e : cell.entries) {
        const StringId d = p_.intern(e.domain);
        if (std::find(domains_.begin(), domains_.end(), d) == domains_.end())
            domains_.push_back(d);
    }
    // Stacks of this thread in domains that have nothing open now are closed.
    for (auto it = pushPop_.lower_bound({thread, 0}); it != pushPop_.end() && it->first.first == thread; ++it)
        if (std::find(domains_.begin(), domains_.end(), it->first.second) == domains_.end())
            it->second.clear();
    for (const StringId d : domains_) {
        texts_.clear();
        for (const NvtxEntry &e : cell.entries)
            if (p_.strings.find(e.domain) == d)
                texts_.push_back(p_.intern(e.message));
        std::vector<Open> &stack = pushPop_[{thread, d}];
        size_t common = 0;
        while (common < stack.size() && common < texts_.size() && stack[common].text == texts_[common])
            ++common;
        stack.resize(common);
        for (const Open &open : stack)
            p_.ranges[open.range].end_ns = kernel.end_ns;
        for (size_t level = common; level < texts_.size(); ++level)
            stack.push_back({texts_[level], newRange(kernel, texts_[level], d, thread, level, RangeKind::PushPop)});
    }
}

void NvtxRangeBuilder::addStartEnd(const Kernel &kernel, int64_t pid, const NvtxCell &cell)
{
    for (size_t i = 0; i < cell.entries.size(); ++i) {
        const NvtxEntry &e = cell.entries[i];
        const StringId text = p_.intern(e.message);
        const auto key = std::make_tuple(pid, e.id, text);
        const auto it = startEnd_.find(key);
        if (it != startEnd_.end()) {
            p_.ranges[it->second.range].end_ns = kernel.end_ns;
            it->second.lastKernel = kernelCount_;
        } else {
            const Index r = newRange(kernel, text, p_.intern(e.domain), kNoIndex, i, RangeKind::StartEnd);
            startEnd_.emplace(key, OpenStartEnd{r, kernelCount_});
        }
    }
    // The process's ranges that this launch is not inside have ended.
    auto it = startEnd_.lower_bound(std::make_tuple(pid, std::numeric_limits<int64_t>::min(), StringId(0)));
    while (it != startEnd_.end() && std::get<0>(it->first) == pid) {
        if (it->second.lastKernel != kernelCount_)
            it = startEnd_.erase(it);
        else
            ++it;
    }
}

} // namespace opscope::importers::ncu
