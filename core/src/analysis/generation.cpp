// Generation requests (generation.h): the phases of the captured requests from their ranges, their kernels,
// the modules' time per prefill and per decoded token, the decode iterations as a group, the request's memory.
#include "opscope/generation.h"

#include "opscope/memory.h"
#include "opscope/module_tree.h"
#include "opscope/step_timing.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <unordered_map>

namespace opscope {

namespace {

// A step range and the request's first or last phase closer than this are one edge (the launcher opens and
// closes both, with its own records between them).
constexpr int64_t kStepEdgeNs = 1'000'000;

// The decode iteration a range names ("OPSCOPE_DECODE#12", also emit_nvtx's echo "OPSCOPE_DECODE#12, op_id =
// 7"): 12; 0 for the prefill; -1 for any other range.
int iterationOf(std::string_view text)
{
    if (text.starts_with(kPrefillRange))
        return text.size() == kPrefillRange.size() || text[kPrefillRange.size()] == ',' ? 0 : -1;
    if (!text.starts_with(kDecodeRangePrefix))
        return -1;
    int k = 0;
    size_t i = kDecodeRangePrefix.size();
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i)
        k = k * 10 + (text[i] - '0');
    return i > kDecodeRangePrefix.size() && k > 0 && (i == text.size() || text[i] == ',') ? k : -1;
}

// The phase (index into `phases`, sorted by start) whose range holds `t`, or -1.
int phaseAt(const std::vector<RequestPhase> &phases, int64_t t)
{
    const auto it = std::upper_bound(phases.begin(), phases.end(), t,
                                     [](int64_t time, const RequestPhase &ph) { return time < ph.start_ns; });
    if (it == phases.begin())
        return -1;
    const RequestPhase &ph = *std::prev(it);
    return t <= ph.end_ns ? int(std::prev(it) - phases.begin()) : -1;
}

// When each kernel was launched: its launching API call's start (the same correlation id), else its start.
std::vector<int64_t> launchTimes(const Profile &p)
{
    std::unordered_map<uint32_t, int64_t> callStart;
    for (const ApiCall &call : p.api_calls)
        if (call.correlation_id)
            callStart.emplace(call.correlation_id, call.start_ns);
    std::vector<int64_t> out(p.kernels.size());
    for (size_t k = 0; k < p.kernels.size(); ++k) {
        const auto it = callStart.find(p.kernels[k].correlation_id);
        out[k] = p.kernels[k].correlation_id && it != callStart.end() ? it->second : p.kernels[k].start_ns;
    }
    return out;
}

int64_t unionOf(std::vector<std::pair<int64_t, int64_t>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    int64_t total = 0, end = INT64_MIN;
    for (const auto &[a, b] : intervals) {
        const int64_t from = std::max(a, end);
        if (b > from)
            total += b - from;
        end = std::max(end, b);
    }
    return total;
}

class GenerationAnalysis {
public:
    explicit GenerationAnalysis(const Profile &p) : p_(p) {}

    GenerationReport run()
    {
        r_.timing = generationTiming(p_);
        if (r_.timing) {
            // The requests the step timing found still warming up (the first reference steps, as slow as a
            // cold cache or allocator makes them) are left out of the plain figures, as out of the plain step.
            std::vector<TimedRequest> steady = r_.timing->reference;
            if (const auto reference = referenceTiming(p_);
                reference && reference->warmingUpSteps > 0 && size_t(reference->warmingUpSteps) < steady.size()) {
                r_.plainWarmingUp = reference->warmingUpSteps;
                steady.erase(steady.begin(), steady.begin() + reference->warmingUpSteps);
            }
            r_.plain = tokenFigures(steady);
            r_.captured = tokenFigures(r_.timing->captured);
        }
        r_.phases = requestPhases(p_);
        if (r_.phases.empty())
            return std::move(r_);
        assignKernels();
        assignOperators();
        moduleTimes();
        memory();
        decodeGroup();
        return std::move(r_);
    }

private:
    void assignKernels()
    {
        const StepTiming timing = stepTiming(p_);
        for (const StepKernel &k : timing.kernels)
            if (k.attributed != kNoIndex)
                measuredOf_.emplace(k.attributed, k.kernel);
        const std::vector<int64_t> launch = launchTimes(p_);
        std::vector<std::vector<std::pair<int64_t, int64_t>>> intervals(r_.phases.size());
        for (Index k = 0; k < p_.kernels.size(); ++k) {
            if (p_.kernels[k].flags & kKernelReferenceStep)
                continue;
            const int ph = phaseAt(r_.phases, launch[k]);
            if (ph < 0)
                continue;
            const Kernel &measured = p_.kernels[measuredKernel(k)];
            RequestPhase &phase = r_.phases[size_t(ph)];
            phase.kernels.push_back(k);
            phase.kernelNs += measured.duration();
            intervals[size_t(ph)].emplace_back(measured.start_ns, measured.end_ns);
        }
        for (size_t i = 0; i < r_.phases.size(); ++i) {
            r_.phases[i].busyNs = unionOf(std::move(intervals[i]));
            r_.gpu = r_.gpu || !r_.phases[i].kernels.empty();
        }
        if (!r_.gpu)
            return;
        const int requests = r_.phases.back().request + 1;
        std::vector<int64_t> decodeBusy, decodeKernelNs, decodeKernels;
        int64_t prefillBusy = 0;
        for (const RequestPhase &ph : r_.phases) {
            if (ph.iteration == 0) {
                prefillBusy += ph.busyNs;
                r_.prefillKernelNs += ph.kernelNs;
            } else {
                decodeBusy.push_back(ph.busyNs);
                decodeKernelNs.push_back(ph.kernelNs);
                decodeKernels.push_back(int64_t(ph.kernels.size()));
            }
        }
        prefillBusy /= requests;
        r_.prefillKernelNs /= requests;
        r_.decodeKernelNsPerToken = medianOf(decodeKernelNs);
        r_.decodeKernelsPerToken = size_t(medianOf(decodeKernels));
        if (r_.plain && r_.plain->ttftNs > 0)
            r_.prefillBusyShare = std::min(1.0, double(prefillBusy) / double(r_.plain->ttftNs));
        if (r_.plain && r_.plain->tpotMedianNs > 0 && !decodeBusy.empty())
            r_.decodeBusyShare = std::min(1.0, double(medianOf(decodeBusy)) / double(r_.plain->tpotMedianNs));
    }

    Index measuredKernel(Index labelled) const
    {
        const auto it = measuredOf_.find(labelled);
        return it == measuredOf_.end() ? labelled : it->second;
    }

    void assignOperators()
    {
        for (const Operator &op : p_.operators)
            if (const int ph = phaseAt(r_.phases, op.start_ns); ph >= 0)
                ++r_.phases[size_t(ph)].operators;
    }

    // Per module path: its kernels (GPU) or its calls (host) in the prefill and in the decode iterations.
    void moduleTimes()
    {
        struct Sums {
            std::string className;
            int64_t prefill = 0, decode = 0;
        };
        std::map<std::pair<bool, std::string>, Sums> byPath; // (phase, path)
        const auto add = [&](Index module, int iteration, int64_t ns) {
            const ModuleInstance &m = p_.modules[module];
            Sums &s = byPath[{m.kind == ModuleKind::Phase, std::string(p_.text(m.path))}];
            s.className = std::string(p_.text(m.class_name));
            (iteration == 0 ? s.prefill : s.decode) += ns;
        };
        if (r_.gpu) {
            for (const RequestPhase &ph : r_.phases)
                for (Index k : ph.kernels) {
                    const int64_t ns = p_.kernels[measuredKernel(k)].duration();
                    // The kernel's module and every module around it.
                    for (Index m = p_.kernels[k].module, guard = 0; m < p_.modules.size() && guard < 256;
                         m = p_.modules[m].parent, ++guard)
                        add(m, ph.iteration, ns);
                }
        } else {
            for (Index m = 0; m < p_.modules.size(); ++m) {
                const ModuleInstance &mi = p_.modules[m];
                if (mi.kind != ModuleKind::Module)
                    continue;
                if (const int ph = phaseAt(r_.phases, mi.start_ns); ph >= 0)
                    add(m, r_.phases[size_t(ph)].iteration, mi.end_ns - mi.start_ns);
            }
        }
        const int requests = r_.phases.back().request + 1;
        const int decodes = int(
            std::count_if(r_.phases.begin(), r_.phases.end(), [](const RequestPhase &ph) { return ph.iteration > 0; }));
        for (auto &[key, s] : byPath) {
            ModulePhaseTime t;
            t.phase = key.first;
            t.path = key.second;
            t.className = s.className;
            t.prefillNs = s.prefill / requests;
            t.decodeNs = s.decode;
            t.perTokenNs = decodes ? s.decode / decodes : 0;
            r_.modules.push_back(std::move(t));
        }
        std::stable_sort(r_.modules.begin(), r_.modules.end(), [](const ModulePhaseTime &a, const ModulePhaseTime &b) {
            return a.perTokenNs != b.perTokenNs ? a.perTokenNs > b.perTokenNs : a.prefillNs > b.prefillNs;
        });
    }

    // The decode iterations as a group: their spread, and those far slower than the median with the reason.
    void decodeGroup()
    {
        std::vector<const RequestPhase *> decode;
        for (const RequestPhase &ph : r_.phases)
            if (ph.iteration > 0)
                decode.push_back(&ph);
        r_.decodeIterations = int(decode.size());
        if (decode.empty())
            return;
        std::vector<int64_t> ns, allocated, work;
        for (const RequestPhase *ph : decode) {
            ns.push_back(ph->duration());
            allocated.push_back(ph->allocatedBytes);
            work.push_back(int64_t(r_.gpu ? ph->kernels.size() : ph->operators));
        }
        r_.decodeMinNs = *std::min_element(ns.begin(), ns.end());
        r_.decodeMaxNs = *std::max_element(ns.begin(), ns.end());
        r_.decodeMedianNs = medianOf(ns);
        const int64_t typicalAlloc = medianOf(allocated), typicalWork = medianOf(work);
        const char *unit = r_.gpu ? " kernels" : " operators";
        for (const RequestPhase *ph : decode) {
            if (double(ph->duration()) <= kOutlierFactor * double(r_.decodeMedianNs))
                continue;
            IterationOutlier o;
            o.request = ph->request;
            o.iteration = ph->iteration;
            o.ns = ph->duration();
            const int64_t count = int64_t(r_.gpu ? ph->kernels.size() : ph->operators);
            // A few more or fewer (an allocation the caching allocator serves, a profiler record) is noise.
            if (std::abs(count - typicalWork) > std::max<int64_t>(2, typicalWork / 50))
                o.why = "ran " + std::to_string(count) + unit + " where a decode iteration runs " +
                        std::to_string(typicalWork) + " (a recompilation, or another code path)";
            else if (ph->allocatedBytes > 2 * typicalAlloc && ph->allocatedBytes - typicalAlloc >= 4096)
                o.why = "allocated " + std::to_string(ph->allocatedBytes) +
                        " bytes where a decode iteration "
                        "allocates " +
                        std::to_string(typicalAlloc) +
                        " (the allocator grows: the KV cache or its temporaries need a larger block)";
            else
                o.why = "the same" + std::string(unit) +
                        " and allocations as the other iterations: the host or "
                        "the machine was slower then";
            r_.outliers.push_back(std::move(o));
        }
    }

    // The first captured request's blocks: the KV cache, its growth, the temporaries of an iteration.
    void memory()
    {
        if (p_.memory_blocks.empty())
            return;
        std::vector<RequestPhase *> first;
        for (RequestPhase &ph : r_.phases)
            if (ph.request == 0)
                first.push_back(&ph);
        const int64_t from = first.front()->start_ns, to = first.back()->end_ns;
        const auto timeOf = [&](Index sample) { return p_.memory_samples[sample].time_ns; };
        // The request's blocks on its busiest device.
        std::map<int32_t, size_t> perDevice;
        std::vector<Index> blocks;
        for (Index b = 0; b < p_.memory_blocks.size(); ++b) {
            const MemoryBlock &block = p_.memory_blocks[b];
            if (block.alloc_sample == kNoIndex || block.bytes <= 0)
                continue;
            const int64_t t = timeOf(block.alloc_sample);
            if (t < from || t > to)
                continue;
            blocks.push_back(b);
            ++perDevice[block.device];
        }
        if (blocks.empty())
            return;
        RequestMemory &m = r_.memory;
        m.known = true;
        m.device = std::max_element(perDevice.begin(), perDevice.end(), [](const auto &a, const auto &b) {
                       return a.second < b.second;
                   })->first;
        std::erase_if(blocks, [&](Index b) { return p_.memory_blocks[b].device != m.device; });
        // Per phase, and held at each phase's start.
        std::vector<int64_t> kvHeld(first.size(), 0), stateHeld(first.size(), 0), kvAllocated(first.size(), 0),
            temporaries(first.size(), 0);
        std::set<std::string> kvModules;
        for (Index b : blocks) {
            const MemoryBlock &block = p_.memory_blocks[b];
            const int64_t allocated = timeOf(block.alloc_sample);
            const int64_t freed = block.free_sample == kNoIndex ? INT64_MAX : timeOf(block.free_sample);
            const bool kv = isAttentionModule(p_, block.alloc_module);
            for (size_t i = 0; i < first.size(); ++i) {
                RequestPhase &ph = *first[i];
                if (allocated < ph.start_ns && freed >= ph.start_ns) {
                    stateHeld[i] += block.bytes;
                    kvHeld[i] += kv ? block.bytes : 0;
                }
                if (allocated >= ph.start_ns && allocated <= ph.end_ns) {
                    if (freed <= ph.end_ns) {
                        temporaries[i] += block.bytes;
                    } else if (kv) {
                        kvAllocated[i] += block.bytes;
                        if (i > 0)
                            kvModules.insert(modulePathText(p_, block.alloc_module));
                    }
                    ph.allocatedBytes += block.bytes;
                    ++ph.allocations;
                }
            }
        }
        // The later phases' allocations too, for the decode group's outliers.
        for (RequestPhase &ph : r_.phases) {
            if (ph.request == 0)
                continue;
            for (Index b = 0; b < p_.memory_blocks.size(); ++b) {
                const MemoryBlock &block = p_.memory_blocks[b];
                if (block.alloc_sample == kNoIndex || block.bytes <= 0 || block.device != m.device)
                    continue;
                const int64_t t = timeOf(block.alloc_sample);
                if (t >= ph.start_ns && t <= ph.end_ns) {
                    ph.allocatedBytes += block.bytes;
                    ++ph.allocations;
                }
            }
        }
        m.kvModules.assign(kvModules.begin(), kvModules.end());
        m.kvCacheBytes = kvHeld.back();
        m.requestStateBytes = stateHeld.back();
        std::vector<int64_t> growth, perToken, temps;
        for (size_t i = 1; i < first.size(); ++i) {
            perToken.push_back(kvAllocated[i]);
            temps.push_back(temporaries[i]);
            if (i + 1 < first.size())
                growth.push_back(kvHeld[i + 1] - kvHeld[i]);
        }
        m.kvGrowthPerTokenBytes = medianOf(growth);
        m.kvAllocatedPerTokenBytes = medianOf(perToken);
        m.temporariesBytes = medianOf(temps);
        for (const MemoryTensor &t : p_.memory_tensors)
            if (t.device == m.device && (t.kind == MemoryTensorKind::Parameter || t.kind == MemoryTensorKind::Buffer))
                m.weightsBytes += t.bytes;
        const MemoryReport report = analyzeMemory(p_);
        for (const DeviceMemory &d : report.devices)
            if (d.device == m.device)
                m.peakBytes = d.peak_allocated;
    }

    const Profile &p_;
    GenerationReport r_;
    std::unordered_map<Index, Index> measuredOf_; // labelled kernel -> the kernel the step timing measured
};

// The modules to name in one line: from the root down, through any module holding most (80 %) of its parent's
// time per token (a causal LM's inner model), the children of the first that does not, largest first.
std::vector<const ModulePhaseTime *> modulesWhereTimeSplits(const std::vector<ModulePhaseTime> &modules)
{
    std::map<std::string, const ModulePhaseTime *> byPath;
    for (const ModulePhaseTime &m : modules)
        if (!m.phase)
            byPath.emplace(m.path, &m);
    // A module's parent is its nearest called ancestor ("model.layers.0" -> "model": the ModuleList is not called).
    const auto parentOf = [&](const std::string &path) -> std::string {
        for (size_t dot = path.rfind('.'); dot != std::string::npos && dot > 0; dot = path.rfind('.', dot - 1))
            if (byPath.count(path.substr(0, dot)))
                return path.substr(0, dot);
        return std::string();
    };
    std::string parent;
    for (int depth = 0; depth < 16 && byPath.count(parent); ++depth) {
        std::vector<const ModulePhaseTime *> children;
        for (const auto &[path, m] : byPath)
            if (!path.empty() && path != parent && parentOf(path) == parent)
                children.push_back(m);
        std::stable_sort(children.begin(), children.end(), [](const ModulePhaseTime *a, const ModulePhaseTime *b) {
            return a->perTokenNs > b->perTokenNs;
        });
        const int64_t total = byPath.at(parent)->perTokenNs;
        if (children.size() == 1 && double(children.front()->perTokenNs) >= 0.8 * double(total)) {
            parent = children.front()->path;
            continue;
        }
        return children;
    }
    return {};
}

std::string ms(int64_t ns, Typography micro)
{
    return formatFixedDuration(ns, 1, micro);
}

// "12.3 %" (named apart from insights.cpp's percent(), visible beside it in one unity batch)
std::string shareText(double share)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", 100.0 * share);
    return buffer;
}

std::string perSecond(double rate)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.1f", rate);
    return buffer;
}

nlohmann::ordered_json figuresJson(const std::optional<TokenFigures> &f)
{
    if (!f)
        return nullptr;
    return {{"requests", f->requests},
            {"batch", f->batch},
            {"new_tokens", f->tokens},
            {"ttft_ns", f->ttftNs},
            {"tpot_median_ns", f->tpotMedianNs},
            {"tpot_p90_ns", f->tpotP90Ns},
            {"request_ns", f->requestNs},
            {"tokens_per_s", f->tokensPerSecond},
            {"decode_tokens_per_s", f->decodeTokensPerSecond}};
}

std::string figuresText(const TokenFigures &f, Typography micro)
{
    std::string line = "time to first token " + ms(f.ttftNs, micro);
    if (f.tpotMedianNs > 0)
        line += ", per output token " + ms(f.tpotMedianNs, micro) + " median (p90 " + ms(f.tpotP90Ns, micro) + ")";
    line += ", " + perSecond(f.tokensPerSecond) + " tokens/s";
    if (f.decodeTokensPerSecond > 0)
        line += " (decode alone " + perSecond(f.decodeTokensPerSecond) + ")";
    return line;
}

} // namespace

std::string RequestPhase::name() const
{
    return iteration == 0 ? std::string("prefill") : "decode#" + std::to_string(iteration);
}

bool isAttentionModule(const Profile &p, Index module)
{
    for (size_t guard = 0; module < p.modules.size() && guard < 64; ++guard) {
        const ModuleInstance &m = p.modules[module];
        if (m.kind == ModuleKind::Module) {
            const std::string path = lowercase(p.text(m.path));
            const size_t dot = path.rfind('.');
            const std::string last = dot == std::string::npos ? path : path.substr(dot + 1);
            if (last.find("attn") != std::string::npos || last.find("attention") != std::string::npos ||
                lowercase(p.text(m.class_name)).find("attention") != std::string::npos)
                return true;
        }
        module = m.parent;
    }
    return false;
}

std::optional<std::string> phaseRangeName(std::string_view phase)
{
    if (phase == "prefill")
        return std::string(kPrefillRange);
    if (!phase.starts_with("decode#"))
        return std::nullopt;
    const std::string range = std::string(kDecodeRangePrefix) + std::string(phase.substr(7));
    return iterationOf(range) > 0 ? std::optional<std::string>(range) : std::nullopt;
}

std::vector<RequestPhase> requestPhases(const Profile &p)
{
    std::vector<RequestPhase> phases;
    for (Index r = 0; r < p.ranges.size(); ++r) {
        const Range &range = p.ranges[r];
        if (range.kind == RangeKind::GpuUserAnnotation || range.kind == RangeKind::Mark)
            continue;
        const int iteration = iterationOf(p.text(range.text));
        if (iteration < 0)
            continue;
        RequestPhase ph;
        ph.iteration = iteration;
        ph.start_ns = range.start_ns;
        ph.end_ns = range.end_ns;
        ph.range = r;
        phases.push_back(std::move(ph));
    }
    std::stable_sort(phases.begin(), phases.end(),
                     [](const RequestPhase &a, const RequestPhase &b) { return a.start_ns < b.start_ns; });
    // Each prefill begins a request; decode iterations before the first prefill belong to none.
    int request = -1;
    std::erase_if(phases, [&](RequestPhase &ph) {
        if (ph.iteration == 0)
            ++request;
        ph.request = request;
        return request < 0;
    });
    // The phases of a request tile it: each runs to the next one's start, as the launcher times them. Between
    // one range's end and the next one's start the launcher closes, times and opens (microseconds, but a
    // garbage collection of the profiler's records lands there at times: 12 ms seen on the CPU test).
    for (size_t i = 0; i + 1 < phases.size(); ++i)
        if (phases[i + 1].request == phases[i].request && phases[i + 1].start_ns > phases[i].end_ns)
            phases[i].end_ns = phases[i + 1].start_ns;
    // And they fill the step that is the request: its range opens a moment before the prefill's and closes a
    // moment after the last phase's (the launcher's own records in between, below kStepEdgeNs).
    const std::vector<StepRange> steps = markedSteps(p);
    for (size_t i = 0; i < phases.size(); ++i) {
        RequestPhase &ph = phases[i];
        const bool first = ph.iteration == 0, last = i + 1 == phases.size() || phases[i + 1].request != ph.request;
        for (const StepRange &step : steps) {
            if (!step.ranged || step.start_ns > ph.start_ns || step.end_ns < ph.end_ns)
                continue;
            if (first && ph.start_ns - step.start_ns < kStepEdgeNs)
                ph.start_ns = step.start_ns;
            if (last && step.end_ns - ph.end_ns < kStepEdgeNs)
                ph.end_ns = step.end_ns;
        }
    }
    return phases;
}

GenerationReport analyzeGeneration(const Profile &p)
{
    return GenerationAnalysis(p).run();
}

nlohmann::ordered_json generationJson(const GenerationReport &r)
{
    using json = nlohmann::ordered_json;
    json phases = json::array();
    for (const RequestPhase &ph : r.phases)
        phases.push_back({{"request", ph.request},
                          {"phase", ph.name()},
                          {"start_ns", ph.start_ns},
                          {"duration_ns", ph.duration()},
                          {"kernels", ph.kernels.size()},
                          {"kernel_ns", ph.kernelNs},
                          {"gpu_busy_ns", ph.busyNs},
                          {"operators", ph.operators},
                          {"allocated_bytes", ph.allocatedBytes}});
    json modules = json::array();
    for (const ModulePhaseTime &m : r.modules)
        modules.push_back({{"path", m.path},
                           {"class", m.className},
                           {"prefill_ns", m.prefillNs},
                           {"decode_ns", m.decodeNs},
                           {"per_token_ns", m.perTokenNs}});
    json outliers = json::array();
    for (const IterationOutlier &o : r.outliers)
        outliers.push_back(
            {{"request", o.request}, {"phase", "decode#" + std::to_string(o.iteration)}, {"ns", o.ns}, {"why", o.why}});
    const RequestMemory &m = r.memory;
    json memory = nullptr;
    if (m.known)
        memory = {{"device", m.device},
                  {"kv_cache_bytes", m.kvCacheBytes},
                  {"kv_growth_per_token_bytes", m.kvGrowthPerTokenBytes},
                  {"kv_allocated_per_token_bytes", m.kvAllocatedPerTokenBytes},
                  {"request_state_bytes", m.requestStateBytes},
                  {"weights_bytes", m.weightsBytes},
                  {"temporaries_per_token_bytes", m.temporariesBytes},
                  {"peak_bytes", m.peakBytes}};
    const auto share = [](double s) { return s < 0 ? json(nullptr) : json(s); };
    return {{"clock", r.timing ? json(r.timing->clock) : json(nullptr)},
            {"boundary", r.timing ? json(r.timing->boundary) : json(nullptr)},
            {"plain", figuresJson(r.plain)},
            {"plain_warming_up_requests", r.plainWarmingUp},
            {"captured", figuresJson(r.captured)},
            {"gpu", r.gpu},
            {"prefill_gpu_busy_share", share(r.prefillBusyShare)},
            {"decode_gpu_busy_share", share(r.decodeBusyShare)},
            {"prefill_kernel_ns", r.prefillKernelNs},
            {"decode_kernel_ns_per_token", r.decodeKernelNsPerToken},
            {"decode_kernels_per_token", r.decodeKernelsPerToken},
            {"decode_iterations", r.decodeIterations},
            {"decode_min_ns", r.decodeMinNs},
            {"decode_median_ns", r.decodeMedianNs},
            {"decode_max_ns", r.decodeMaxNs},
            {"outliers", outliers},
            {"memory", memory},
            {"modules", modules},
            {"phases", phases}};
}

std::vector<std::string> describeGeneration(const GenerationReport &r, Typography micro)
{
    std::vector<std::string> lines;
    if (r.plain) {
        const TokenFigures &f = *r.plain;
        std::string head = "Plain requests: " + std::to_string(f.requests) + " of " +
                           (f.batch ? "batch " + std::to_string(f.batch) : std::string("an unknown batch")) + ", " +
                           std::to_string(f.tokens) + " new tokens" +
                           (r.plainWarmingUp > 0 ? " (after " + std::to_string(r.plainWarmingUp) + " still warming up)"
                                                 : std::string());
        lines.push_back(head + ": " + figuresText(f, micro) + " (" +
                        (r.timing && r.timing->clock == "cuda_event" ? "CUDA events" : "the host's clock") + ")");
    }
    if (r.captured) {
        std::string line = "Captured request: " + figuresText(*r.captured, micro);
        if (r.plain && r.plain->requestNs > 0) {
            char factor[32];
            std::snprintf(factor, sizeof factor, "%.2fx", double(r.captured->requestNs) / double(r.plain->requestNs));
            line += std::string(" (") + factor + " the plain request)";
        }
        lines.push_back(line);
    }
    if (r.prefillBusyShare >= 0 || r.decodeBusyShare >= 0)
        lines.push_back("GPU busy: prefill " + (r.prefillBusyShare >= 0 ? shareText(r.prefillBusyShare) : "?") +
                        ", decode " + (r.decodeBusyShare >= 0 ? shareText(r.decodeBusyShare) : "?") +
                        " (the phase's kernels over its plain time); a decode iteration launches " +
                        std::to_string(r.decodeKernelsPerToken) + " kernels, " + ms(r.decodeKernelNsPerToken, micro) +
                        " of GPU time");
    if (r.decodeIterations > 0) {
        std::string line = "Decode iterations: " + std::to_string(r.decodeIterations) + " in the captured request" +
                           (r.phases.back().request > 0 ? "s" : "") + ", min " + ms(r.decodeMinNs, micro) +
                           ", median " + ms(r.decodeMedianNs, micro) + ", max " + ms(r.decodeMaxNs, micro);
        lines.push_back(line);
        for (const IterationOutlier &o : r.outliers)
            lines.push_back("  outlier decode#" + std::to_string(o.iteration) + ": " + ms(o.ns, micro) + ", " + o.why);
    }
    if (r.memory.known) {
        const RequestMemory &m = r.memory;
        std::string line = "Memory of the request: KV cache " + std::to_string(m.kvCacheBytes) + " bytes, growing " +
                           std::to_string(m.kvGrowthPerTokenBytes) + " bytes per token";
        if (m.kvAllocatedPerTokenBytes > 2 * std::max<int64_t>(1, m.kvGrowthPerTokenBytes))
            line += " while each token allocates " + std::to_string(m.kvAllocatedPerTokenBytes) +
                    " bytes for it (the cache is copied as it grows)";
        line += "; held by the request " + std::to_string(m.requestStateBytes) + " bytes; temporaries " +
                std::to_string(m.temporariesBytes) + " bytes per token";
        if (m.weightsBytes > 0)
            line += "; weights " + std::to_string(m.weightsBytes) + " bytes";
        if (m.peakBytes > 0)
            line += "; peak " + std::to_string(m.peakBytes) + " bytes";
        lines.push_back(line);
    }
    if (const std::vector<const ModulePhaseTime *> level = modulesWhereTimeSplits(r.modules); !level.empty()) {
        std::string line = std::string("Per decoded token") + (r.gpu ? " (GPU time)" : " (host time)") + ": ";
        for (size_t i = 0; i < level.size() && i < 6; ++i)
            line += (i ? ", " : "") + modulePathText(level[i]->path, level[i]->className) + " " +
                    ms(level[i]->perTokenNs, micro);
        lines.push_back(line);
    }
    return lines;
}

} // namespace opscope
