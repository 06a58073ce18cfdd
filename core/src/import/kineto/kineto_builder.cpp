#include "import/kineto/kineto_builder.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace opscope::kineto {

// What an event becomes, from its "cat" (current names, and the 2021 ones: Operator, Runtime, Kernel...).
enum class Builder::Category : uint8_t {
    Unknown,
    CpuOp,
    Untyped, // no "cat": the legacy autograd profiler's export
    UserAnnotation,
    GpuUserAnnotation,
    PythonFunction,
    Kernel,
    ProfilerRange, // cuda_profiler_range: a kernel timed by CUPTI's range profiler, counters in its args
    Runtime,
    Driver,
    Memcpy,
    Memset,
    Sync,
    Instant,
    Trace,
    FwdBwdFlow,
    OtherFlow, // ac2g & co: the correlation ids already carry these links
};

namespace {

constexpr size_t kNameCacheBits = 12;
// Ids given to pids/tids written as non-numeric strings ("CPU functions", "Spans"): -1000, -1001, ...
constexpr int64_t kSyntheticBase = -1000;

uint64_t load64(const char *p)
{
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

size_t cacheSlot(std::string_view s)
{
    uint64_t h = s.size();
    if (s.size() >= 8)
        h ^= load64(s.data()) ^ (load64(s.data() + s.size() - 8) * 0xC2B2AE3D27D4EB4Full);
    else
        for (char c : s)
            h = h * 131 + uint8_t(c);
    h *= 0x9E3779B97F4A7C15ull;
    return size_t(h >> (64 - kNameCacheBits));
}

bool integerOf(const Token *token, int64_t &out)
{
    return token && token->kind != TokenKind::Container && json::decimalToInt(token->text, 0, out);
}

int64_t integerOr(const Token *token, int64_t fallback)
{
    int64_t v;
    return integerOf(token, v) ? v : fallback;
}

// "[2048, 1, 1]" -> {2048, 1, 1}.
Dim3 dim3Of(const Token *token)
{
    Dim3 d;
    if (!token)
        return d;
    uint32_t *parts[3] = {&d.x, &d.y, &d.z};
    int part = 0;
    uint64_t value = 0;
    bool inNumber = false;
    for (char c : token->text) {
        if (c >= '0' && c <= '9') {
            value = std::min<uint64_t>(value * 10 + uint64_t(c - '0'), UINT32_MAX);
            inNumber = true;
        } else if (inNumber) {
            if (part < 3)
                *parts[part++] = uint32_t(value);
            value = 0;
            inNumber = false;
        }
    }
    return d;
}

// CUPTI copy kinds and nsys's memory kinds (see profile.h), from Kineto's names such as
// "Memcpy HtoD (Pageable -> Device)" and "Memset (Device)".
uint8_t copyKindOf(std::string_view name)
{
    static constexpr std::pair<std::string_view, uint8_t> kKinds[] = {
        {"HtoD", 1}, {"DtoH", 2}, {"HtoA", 3}, {"AtoH", 4}, {"AtoA", 5},
        {"AtoD", 6}, {"DtoA", 7}, {"DtoD", 8}, {"HtoH", 9}, {"PtoP", 10}};
    const size_t space = name.find(' ');
    if (space == std::string_view::npos)
        return 0;
    const std::string_view word = name.substr(space + 1, 4);
    for (const auto &[text, kind] : kKinds)
        if (word == text)
            return kind;
    return 0;
}

constexpr uint8_t kUnknownMemoryKind = 7;

uint8_t memoryKindOf(std::string_view text)
{
    static constexpr std::pair<std::string_view, uint8_t> kKinds[] = {
        {"Pageable", 0}, {"Pinned", 1},        {"Device", 2},        {"Array", 3},
        {"Managed", 4},  {"Device Static", 5}, {"Managed Static", 6}};
    for (const auto &[name, kind] : kKinds)
        if (text == name)
            return kind;
    return kUnknownMemoryKind;
}

// The memory kinds in parentheses: "(Pageable -> Device)" gives both, "(Device)" gives the target only.
void memoryKindsOf(std::string_view name, uint8_t &src, uint8_t &dst)
{
    src = dst = kUnknownMemoryKind;
    const size_t open = name.find('('), close = name.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return;
    const std::string_view inside = name.substr(open + 1, close - open - 1);
    const size_t arrow = inside.find(" -> ");
    if (arrow == std::string_view::npos) {
        dst = memoryKindOf(inside);
        return;
    }
    src = memoryKindOf(inside.substr(0, arrow));
    dst = memoryKindOf(inside.substr(arrow + 4));
}

SyncKind syncKindOf(std::string_view text)
{
    if (text == "Event Sync")
        return SyncKind::Event;
    if (text == "Stream Wait Event")
        return SyncKind::StreamWait;
    if (text == "Stream Sync")
        return SyncKind::Stream;
    if (text == "Context Sync")
        return SyncKind::Context;
    return SyncKind::Unknown;
}

} // namespace

Builder::Builder(Profile &profile) : p_(profile), nameCache_(size_t(1) << kNameCacheBits) {}

StringId Builder::intern(std::string_view text)
{
    CacheEntry &slot = nameCache_[cacheSlot(text)];
    if (slot.id != kNoString && slot.size == text.size()) {
        const std::string_view known = p_.text(slot.id);
        if (std::memcmp(known.data(), text.data(), text.size()) == 0)
            return slot.id;
    }
    slot.id = p_.intern(text);
    slot.size = uint32_t(text.size());
    return slot.id;
}

// Kineto's collective args (NCCL kernels and record_param_comms cpu ops) kept as text and count
// counters under the names collectives.h reads: comm.collective, comm.in_nelems, ...
void Builder::addCollectiveArgs(std::vector<MetricValue> &counters, Index owner, const RawEvent &e)
{
    if (!e.has(Field::CollectiveName))
        return;
    const auto text = [&](Field f, const char *metric) {
        if (const Token *t = e.get(f))
            counters.push_back({owner, p_.metricId(metric, ""), 0.0, internToken(*t), kValueText});
    };
    const auto count = [&](Field f, const char *metric) {
        if (const Token *t = e.get(f))
            counters.push_back(
                {owner, p_.metricId(metric, "count"), double(integerOr(t, 0)), kNoString, kValueIntegral});
    };
    text(Field::CollectiveName, "comm.collective");
    count(Field::InMsgNelems, "comm.in_nelems");
    count(Field::OutMsgNelems, "comm.out_nelems");
    text(Field::Dtype, "comm.dtype");
    count(Field::GroupSize, "comm.group_size");
    text(Field::ProcessGroupName, "comm.process_group");
    count(Field::CollectiveSeq, "comm.seq");
}

void Builder::addRangeCounters(Index kernel, const RawEvent &e)
{
    // The args object of a cuda_profiler_range event: {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum":
    // 61734912, ...}, numbers by metric name (nested values and text are passed over).
    const std::string_view args = e.text(Field::Args);
    size_t at = 1;
    while (at < args.size()) {
        const size_t keyStart = args.find('"', at);
        if (keyStart == std::string_view::npos)
            return;
        const size_t keyEnd = args.find('"', keyStart + 1);
        const size_t colon = keyEnd == std::string_view::npos ? keyEnd : args.find(':', keyEnd);
        if (colon == std::string_view::npos)
            return;
        const std::string_view key = args.substr(keyStart + 1, keyEnd - keyStart - 1);
        size_t value = colon + 1;
        while (value < args.size() && json::Lexer::isSpace(args[value]))
            ++value;
        size_t end = value;
        for (int depth = 0; end < args.size(); ++end) { // to the ',' or '}' that ends the value
            const char c = args[end];
            if (c == '"') {
                end = args.find('"', end + 1);
                if (end == std::string_view::npos)
                    return;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && depth-- == 0) {
                break;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        double number = 0;
        const std::string_view text = args.substr(value, end - value);
        const auto [next, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error == std::errc() && next != text.data() && key.find('\\') == std::string_view::npos)
            p_.kernel_counters.push_back(
                {kernel, p_.metricId(key, key.find("inst_executed") != std::string_view::npos ? "inst" : ""), number,
                 kNoString, 0});
        at = end + 1;
    }
}

StringId Builder::internToken(const Token &token)
{
    if (token.kind == TokenKind::String && token.escaped) {
        json::unescape(token.text, scratch_);
        return intern(scratch_);
    }
    return intern(token.text);
}

// Input Dims as compact text in one spelling whatever the writer's spacing: "[[8, 256], []]".
StringId Builder::shapesOf(const Token &dims)
{
    // Kineto already writes this spelling (", " between items, no other space): intern it as it is.
    const std::string_view text = dims.text;
    bool canonical = true;
    for (size_t i = 0; i < text.size() && canonical; ++i) {
        if (text[i] == ',')
            canonical = i + 2 < text.size() && text[i + 1] == ' ' && !json::Lexer::isSpace(text[i + 2]);
        else if (json::Lexer::isSpace(text[i]))
            canonical = text[i] == ' ' && i > 0 && text[i - 1] == ',';
    }
    if (canonical)
        return intern(text);
    scratch_.clear();
    for (char c : dims.text) {
        if (json::Lexer::isSpace(c))
            continue;
        scratch_ += c;
        if (c == ',')
            scratch_ += ' ';
    }
    return intern(scratch_);
}

int64_t Builder::idOf(const Token *token, std::string_view *syntheticText)
{
    if (!token)
        return 0;
    int64_t v;
    if (json::decimalToInt(token->text, 0, v))
        return v;
    auto it = syntheticIds_.find(token->text);
    if (it == syntheticIds_.end()) {
        it = syntheticIds_.emplace(std::string(token->text), kSyntheticBase - int64_t(syntheticNames_.size())).first;
        syntheticNames_.emplace_back(token->text);
    }
    if (syntheticText)
        *syntheticText = syntheticNames_[size_t(kSyntheticBase - it->second)];
    return it->second;
}

Index Builder::findThread(int64_t pid, int64_t tid) const
{
    const auto it = threadIndex_.find({pid, tid});
    return it == threadIndex_.end() ? kNoIndex : it->second;
}

Index Builder::threadOf(const RawEvent &e)
{
    std::string_view pidText, tidText;
    const int64_t pid = idOf(e.get(Field::Pid), &pidText);
    const int64_t tid = idOf(e.get(Field::Tid), &tidText);
    if (lastThread_ != kNoIndex && pid == lastPid_ && tid == lastTid_)
        return lastThread_;
    Index index = findThread(pid, tid);
    if (index == kNoIndex) {
        index = Index(p_.threads.size());
        Thread t;
        t.pid = pid;
        t.tid = tid;
        // A thread known only by a string id is named by it (e.g. the legacy export's "CPU functions").
        if (!tidText.empty())
            t.name = p_.intern(tidText);
        else if (!pidText.empty())
            t.name = p_.intern(pidText);
        p_.threads.push_back(t);
        threadIndex_.emplace(std::make_pair(pid, tid), index);
    }
    lastPid_ = pid;
    lastTid_ = tid;
    lastThread_ = index;
    return index;
}

// GPU-side annotations sit on a stream, which is not a thread: their Range::domain names the lane the
// way Kineto labels it, "GPU 0 stream 7".
StringId Builder::gpuLane(const RawEvent &e)
{
    std::string_view pidText, tidText;
    const int64_t device = idOf(e.get(Field::Pid), &pidText);
    const int64_t stream = idOf(e.get(Field::Tid), &tidText);
    if (lastLane_ != kNoString && device == lastLanePid_ && stream == lastLaneTid_)
        return lastLane_;
    std::string lane = "GPU ";
    lane.append(pidText.empty() ? std::to_string(device) : std::string(pidText));
    lane.append(tidText.empty() ? " stream " : " ");
    lane.append(tidText.empty() ? std::to_string(stream) : std::string(tidText));
    lastLanePid_ = device;
    lastLaneTid_ = stream;
    lastLane_ = p_.intern(lane);
    return lastLane_;
}

bool Builder::timeOf(const RawEvent &e, Field f, int64_t &ns, uint64_t offset)
{
    const Token *t = e.get(f);
    if (t && t->kind != TokenKind::Container && json::decimalToInt(t->text, 3, ns))
        return true;
    if (badTimes_++ == 0)
        firstBadTime_ = offset;
    return false;
}

void Builder::skip(std::string_view prefix, std::string_view what, std::string_view suffix)
{
    label_.assign(prefix).append(what).append(suffix);
    skip(label_);
}

void Builder::skip(std::string_view what)
{
    for (auto &[name, count] : skipped_)
        if (name == what) {
            ++count;
            return;
        }
    skipped_.emplace_back(std::string(what), 1);
}

Builder::Category Builder::classify(const Token *cat)
{
    if (!cat)
        return Category::Untyped;
    const std::string_view c = cat->text;
    switch (c.size()) {
    case 4:
        if (c == "ac2g")
            return Category::OtherFlow;
        if (c == "User") { // 2021: an annotation on a GPU stream
            legacyCategories_ = true;
            return Category::GpuUserAnnotation;
        }
        break;
    case 5:
        if (c == "Trace")
            return Category::Trace;
        if (c == "async")
            return Category::OtherFlow;
        break;
    case 6:
        if (c == "cpu_op")
            return Category::CpuOp;
        if (c == "kernel")
            return Category::Kernel;
        if (c == "fwdbwd")
            return Category::FwdBwdFlow;
        if (c == "Kernel" || c == "Memcpy" || c == "Memset") {
            legacyCategories_ = true;
            return c == "Kernel" ? Category::Kernel : c == "Memcpy" ? Category::Memcpy : Category::Memset;
        }
        break;
    case 7:
        if (c == "Runtime") {
            legacyCategories_ = true;
            return Category::Runtime;
        }
        break;
    case 8:
        if (c == "Operator") {
            legacyCategories_ = true;
            return Category::CpuOp;
        }
        break;
    case 9:
        if (c == "cuda_sync")
            return Category::Sync;
        if (c == "async_gpu")
            return Category::OtherFlow;
        break;
    case 10:
        if (c == "gpu_memcpy")
            return Category::Memcpy;
        if (c == "gpu_memset")
            return Category::Memset;
        break;
    case 11:
        if (c == "cuda_driver")
            return Category::Driver;
        if (c == "cpu_to_cuda")
            return Category::OtherFlow;
        break;
    case 12:
        if (c == "cuda_runtime")
            return Category::Runtime;
        break;
    case 15:
        if (c == "user_annotation")
            return Category::UserAnnotation;
        if (c == "python_function")
            return Category::PythonFunction;
        break;
    case 16:
        if (c == "forward_backward")
            return Category::FwdBwdFlow;
        break;
    case 17:
        if (c == "cpu_instant_event")
            return Category::Instant;
        break;
    case 19:
        if (c == "gpu_user_annotation")
            return Category::GpuUserAnnotation;
        if (c == "cuda_profiler_range")
            return Category::ProfilerRange;
        break;
    default:
        break;
    }
    return Category::Unknown;
}

void Builder::add(const RawEvent &e, uint64_t offset)
{
    ++events_;
    const std::string_view ph = e.text(Field::Ph);
    switch (ph.size() == 1 ? ph[0] : '\0') {
    case 'X': {
        const Category category = classify(e.get(Field::Cat));
        if (category == Category::Unknown) {
            skip(e.text(Field::Cat));
            return;
        }
        addComplete(e, category, offset);
        return;
    }
    case 'i':
    case 'I':
        addInstant(e, offset);
        return;
    case 's':
    case 'f':
    case 't':
        addFlow(e, offset);
        return;
    case 'M':
        addMetadata(e);
        return;
    default:
        skip("ph \"", ph, "\"");
        return;
    }
}

void Builder::addComplete(const RawEvent &e, Category category, uint64_t offset)
{
    if (category == Category::OtherFlow || category == Category::FwdBwdFlow || category == Category::Instant) {
        skip(e.text(Field::Cat)); // a category seen with an unexpected phase
        return;
    }
    int64_t start = 0, duration = 0, end = 0;
    if (!timeOf(e, Field::Ts, start, offset))
        return;
    if (e.has(Field::Dur) && !timeOf(e, Field::Dur, duration, offset))
        return;
    if (duration < 0 || __builtin_add_overflow(start, duration, &end)) {
        if (badTimes_++ == 0)
            firstBadTime_ = offset;
        return;
    }
    const Token *name = e.get(Field::Name);
    const StringId nameId = name ? internToken(*name) : kNoString;

    switch (category) {
    case Category::CpuOp:
    case Category::Untyped: {
        Operator op;
        op.start_ns = start;
        op.end_ns = end;
        op.name = nameId;
        if (const Token *dims = e.get(Field::InputDims))
            op.shapes = shapesOf(*dims);
        op.thread = threadOf(e);
        op.external_id = uint32_t(integerOr(e.get(Field::ExternalId), 0));
        op.sequence_nr = integerOr(e.get(Field::SequenceNumber), -1);
        addCollectiveArgs(p_.operator_counters, Index(p_.operators.size()), e);
        if (category == Category::Untyped)
            untypedOps_.push_back(Index(p_.operators.size()));
        p_.operators.push_back(op);
        return;
    }
    case Category::UserAnnotation:
    case Category::PythonFunction:
    case Category::GpuUserAnnotation: {
        Range r;
        r.start_ns = start;
        r.end_ns = end;
        r.text = nameId;
        if (category == Category::GpuUserAnnotation) {
            r.kind = RangeKind::GpuUserAnnotation;
            r.domain = gpuLane(e);
        } else {
            r.kind = category == Category::UserAnnotation ? RangeKind::UserAnnotation : RangeKind::PythonFunction;
            r.thread = threadOf(e);
        }
        p_.ranges.push_back(r);
        return;
    }
    case Category::Kernel: {
        Kernel k;
        k.start_ns = start;
        k.end_ns = end;
        k.name = nameId;
        k.correlation_id = uint32_t(integerOr(e.get(Field::Correlation), 0));
        k.external_id = uint32_t(integerOr(e.get(Field::ExternalId), 0));
        k.stream = uint32_t(integerOr(e.get(Field::Stream), idOf(e.get(Field::Tid))));
        k.device = int32_t(integerOr(e.get(Field::Device), idOf(e.get(Field::Pid))));
        k.grid = dim3Of(e.get(Field::Grid));
        k.block = dim3Of(e.get(Field::Block));
        k.registers_per_thread = uint32_t(integerOr(e.get(Field::Registers), 0));
        // Kineto reports static + dynamic shared memory as one figure.
        k.static_shared_bytes = uint32_t(integerOr(e.get(Field::SharedMemory), 0));
        addCollectiveArgs(p_.kernel_counters, Index(p_.kernels.size()), e);
        p_.kernels.push_back(k);
        return;
    }
    case Category::ProfilerRange: { // no launch, no correlation: its device and stream are pid and tid
        Kernel k;
        k.start_ns = start;
        k.end_ns = end;
        k.name = nameId;
        k.stream = uint32_t(idOf(e.get(Field::Tid)));
        k.device = int32_t(idOf(e.get(Field::Pid)));
        addRangeCounters(Index(p_.kernels.size()), e);
        p_.kernels.push_back(k);
        return;
    }
    case Category::Runtime:
    case Category::Driver: {
        ApiCall a;
        a.start_ns = start;
        a.end_ns = end;
        a.name = nameId;
        a.thread = threadOf(e);
        a.correlation_id = uint32_t(integerOr(e.get(Field::Correlation), 0));
        a.kind = category == Category::Driver ? ApiKind::Driver : ApiKind::Runtime;
        p_.api_calls.push_back(a);
        return;
    }
    case Category::Memcpy:
    case Category::Memset: {
        MemoryOp m;
        m.start_ns = start;
        m.end_ns = end;
        m.bytes = uint64_t(integerOr(e.get(Field::Bytes), 0));
        m.correlation_id = uint32_t(integerOr(e.get(Field::Correlation), 0));
        m.stream = uint32_t(integerOr(e.get(Field::Stream), idOf(e.get(Field::Tid))));
        m.device = int32_t(integerOr(e.get(Field::Device), idOf(e.get(Field::Pid))));
        const std::string_view text = p_.text(nameId);
        if (category == Category::Memcpy) {
            m.kind = MemoryOpKind::Memcpy;
            m.copy_kind = copyKindOf(text);
        } else {
            m.kind = MemoryOpKind::Memset;
        }
        memoryKindsOf(text, m.src_kind, m.dst_kind);
        p_.memory_ops.push_back(m);
        return;
    }
    case Category::Sync: {
        GpuSync s;
        s.start_ns = start;
        s.end_ns = end;
        s.correlation_id = uint32_t(integerOr(e.get(Field::Correlation), 0));
        s.stream = uint32_t(integerOr(e.get(Field::Stream), idOf(e.get(Field::Tid))));
        s.device = int32_t(integerOr(e.get(Field::Device), idOf(e.get(Field::Pid))));
        s.kind = syncKindOf(e.has(Field::SyncKind) ? e.text(Field::SyncKind) : p_.text(nameId));
        p_.syncs.push_back(s);
        return;
    }
    case Category::Trace:
        spanStart_ = std::min(spanStart_, start);
        spanEnd_ = std::max(spanEnd_, end);
        return;
    default:
        return;
    }
}

void Builder::addInstant(const RawEvent &e, uint64_t offset)
{
    const std::string_view name = e.text(Field::Name);
    const Token *cat = e.get(Field::Cat);
    if (name == "[memory]") {
        int64_t time = 0;
        if (!timeOf(e, Field::Ts, time, offset))
            return;
        MemorySample s;
        s.time_ns = time;
        s.bytes = integerOr(e.get(Field::AllocBytes), 0);
        s.total_allocated = integerOr(e.get(Field::TotalAllocated), 0);
        s.total_reserved = integerOr(e.get(Field::TotalReserved), 0);
        s.address = uint64_t(integerOr(e.get(Field::Addr), 0));
        // c10::DeviceType: 0 is the CPU (host memory), 1 CUDA.
        const int64_t deviceType = integerOr(e.get(Field::DeviceType), 0);
        s.device = deviceType == 0 ? -1 : int32_t(integerOr(e.get(Field::DeviceId), 0));
        s.thread = threadOf(e);
        p_.memory_samples.push_back(s);
        return;
    }
    if (cat && classify(cat) == Category::Instant) {
        int64_t time = 0;
        if (!timeOf(e, Field::Ts, time, offset))
            return;
        Range r;
        r.start_ns = r.end_ns = time;
        const Token *nameToken = e.get(Field::Name);
        r.text = nameToken ? internToken(*nameToken) : kNoString;
        r.thread = threadOf(e);
        r.kind = RangeKind::Mark;
        p_.ranges.push_back(r);
        return;
    }
    // The profiler's own global marks repeat the "Trace" span.
    if (!cat && e.text(Field::Scope) == "g" && (name.starts_with("Iteration Start: ") || name == "Record Window End"))
        return;
    if (cat)
        skip("", cat->text, " instants");
    else
        skip("instant \"", name, "\"");
}

void Builder::addFlow(const RawEvent &e, uint64_t offset)
{
    if (classify(e.get(Field::Cat)) != Category::FwdBwdFlow)
        return; // ac2g/async/cpu_to_cuda: the correlation ids of the two ends carry the same link
    int64_t ts = 0;
    if (!timeOf(e, Field::Ts, ts, offset))
        return;
    const std::string_view ph = e.text(Field::Ph);
    if (ph == "t")
        return; // a step in the middle of a flow: not an end
    flows_.push_back(
        {uint64_t(idOf(e.get(Field::Id))), idOf(e.get(Field::Pid)), idOf(e.get(Field::Tid)), ts, ph == "s"});
}

void Builder::addMetadata(const RawEvent &e)
{
    if (e.text(Field::Name) != "thread_name" || !e.has(Field::ArgName))
        return;
    const Token &name = *e.get(Field::ArgName);
    std::string text(name.text);
    if (name.escaped)
        json::unescape(name.text, text);
    threadNames_.push_back({{idOf(e.get(Field::Pid)), idOf(e.get(Field::Tid))}, std::move(text)});
}

} // namespace opscope::kineto
