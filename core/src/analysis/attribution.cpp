#include "opscope/attribution.h"

#include "analysis/range_index.h"
#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/fresh_memory.h"
#include "opscope/concurrency/parallel.h"
#include "opscope/format_ids.h"
#include "opscope/labels.h"
#include "opscope/memory.h"
#include "opscope/phases.h"
#include "opscope/step_timing.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <numeric>
#include <thread>
#include <unordered_map>
#include <utility>

namespace opscope {

namespace {

bool nestsPerThread(const Range &r)
{
    return r.kind == RangeKind::PushPop || r.kind == RangeKind::UserAnnotation;
}

// torch.profiler's python tracer (with_stack / with_modules) names each module call "nn.Module: Linear_3":
// the class and the instance's number among the modules of that class.
constexpr std::string_view kModuleEventPrefix = "nn.Module: ";

bool isModuleEvent(const Profile &p, const Range &r)
{
    return r.kind == RangeKind::PythonFunction && p.text(r.text).starts_with(kModuleEventPrefix);
}

// Module labels of the launcher or of the user (NVTX or record_function "blocks.0[Block]"): when a
// profile has them, they name the modules and the python tracer's module events stay plain ranges.
bool hasModuleLabels(const Profile &p)
{
    return std::any_of(p.ranges.begin(), p.ranges.end(), [&](const Range &r) {
        if (!nestsPerThread(r))
            return false;
        const RangeLabel label = parseRangeLabel(p.text(r.text), false);
        return label.kind == RangeLabel::Kind::Module && !label.recordFunctionEcho;
    });
}

bool isBackwardName(std::string_view name)
{
    return name.starts_with("autograd::engine::evaluate_function") ||
           (name.find("Backward") != std::string_view::npos && name.find("::") == std::string_view::npos);
}

// Wall and thread CPU time between laps, into AttributionOptions::stageTimes when that is set.
class StageClock {
public:
    explicit StageClock(std::vector<AttributionStageTime> *out) : out_(out) { restart(); }
    void lap(const char *stage)
    {
        if (!out_)
            return;
        const auto wall = std::chrono::steady_clock::now();
        const double cpu = cpuSeconds();
        out_->push_back({stage, std::chrono::duration<double>(wall - wall_).count(), cpu - cpu_});
        wall_ = wall;
        cpu_ = cpu;
    }
    void restart()
    {
        if (!out_)
            return;
        wall_ = std::chrono::steady_clock::now();
        cpu_ = cpuSeconds();
    }

private:
    // The process's: the stages that split their work run on several threads.
    static double cpuSeconds()
    {
        timespec t{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
    }
    std::vector<AttributionStageTime> *out_;
    std::chrono::steady_clock::time_point wall_;
    double cpu_ = 0;
};

class Attributor {
public:
    Attributor(Profile &p, const AttributionOptions &options, const Progress &progress)
        : p_(p), options_(options), progress_(progress), clock_(options.stageTimes), moduleEvents_(!hasModuleLabels(p)),
          ranges_(p, [this](const Range &r) { return nestsPerThread(r) || (moduleEvents_ && isModuleEvent(p_, r)); }),
          threads_(options.threads ? options.threads : unsigned(concurrency::threadsUpTo(8)))
    {
    }

    void run()
    {
        clock_.lap("module labels, range index");
        const bool ownOperators = !p_.operators.empty();
        p_.modules.clear();
        // nsys / ncu: each kernel's launching call and range need only the range index; a worker finds them
        // while labelRanges waits on the pages of its operators (docs/performance.md, "Attribution").
        labelRanges(
            !ownOperators, ownOperators ? std::function<void()>() : [this] { findLaunches(false); });
        clock_.lap("label ranges");
        stageDone(0.25);
        if (ownOperators) {
            ensureOperatorNesting();
            placeOperatorsInModules();
            clock_.lap("operators in modules");
            stageDone(0.5);
            linkBackwardToForward();
            clock_.lap("backward to forward");
            stageDone(0.75);
            attributeByExternalId();
            clock_.lap("kernels by External id");
        } else {
            adoptSequenceOfEvaluatedNodes();
            linkBackwardToForward(); // emit_nvtx's "seq = N" ties autograd's ranges to forward ops
            clock_.lap("backward to forward");
            finishLaunches();
            clock_.lap("kernels by launch stack");
        }
        adoptNamedModulePaths(p_);
        stageDone(0.9);
        flagOutsideCapture();
        clock_.lap("capture range");
        assignPhases(p_, {captureWindows_, launchTimes_});
        clock_.lap("phases");
        attributeMemory(p_); // memory/memory.h: allocator blocks to their operators, modules and phases
        clock_.lap("memory");
        progress_.report(1.0, ProgressStage::Attribute, "Attributing kernels");
    }

private:
    // Between stages: a point to show progress and to stop at when cancelled.
    void stageDone(double fraction)
    {
        progress_.report(fraction, ProgressStage::Attribute, "Attributing kernels");
        progress_.checkCancel();
    }

    // What labelRanges makes of a range (at its position in nesting order).
    enum class LabelTag : uint8_t { None, Module, ModuleEvent, Operator };

    // One worker's share of labelRanges: a stretch of the ranges in nesting order, the operators and
    // modules it fills, and the names it read, interned in a table of its own (ids in order of first use).
    struct LabelChunk {
        size_t begin = 0, end = 0; // positions in RangeIndex::inNestingOrder()
        size_t firstOperator = 0, operators = 0;
        size_t firstModule = 0, modules = 0;
        std::vector<std::string_view> names; // views into the profile's string table
        std::unordered_map<std::string_view, StringId> ids;
        std::vector<StringId> global; // local id -> the profile's, after the merge

        StringId intern(std::string_view text)
        {
            auto [it, inserted] = ids.try_emplace(text, StringId(names.size()));
            if (inserted)
                names.push_back(text);
            return it->second;
        }
    };

    LabelTag labelTag(const Range &range, bool makeOperators) const
    {
        if (range.kind == RangeKind::PythonFunction) // only module events are indexed
            return LabelTag::ModuleEvent;
        const RangeLabel label = parseRangeLabel(p_.text(range.text), false); // the kind is all it needs
        if (label.kind == RangeLabel::Kind::Module && !label.recordFunctionEcho)
            return LabelTag::Module;
        if (label.kind == RangeLabel::Kind::Operator && makeOperators && !isLibraryRange(range))
            return LabelTag::Operator;
        return LabelTag::None;
    }

    // Module instances from module labels; operators from emit_nvtx ranges when the source has no
    // operators of its own. Each range learns its nearest module and operator (self or ancestor).
    //
    // In three passes, so that the parsing and the name lookups run on every core and the result is the
    // serial one: (1) each worker tags its stretch of ranges and counts what they make; (2) with the
    // operators and modules allocated once at their final size, each worker parses its ranges again and
    // fills their slots, with names as ids of its own table; (3) on the calling thread, the workers'
    // tables are interned in order (the profile's string ids come out as a serial pass gives them), and
    // one pass in nesting order links parents, depths, modules and call numbers.
    //
    // `alongside`, when given, runs on a worker while the operators' pages are faulted in (on the calling
    // thread after labelRanges when there is one thread); it must not touch what labelRanges writes.
    void labelRanges(bool makeOperators, const std::function<void()> &alongside = {})
    {
        const std::vector<Index> &order = ranges_.inNestingOrder();
        fresh::assignFresh(moduleOfRange_, p_.ranges.size(), kNoIndex);
        fresh::assignFresh(opOfRange_, p_.ranges.size(), kNoIndex);
        std::vector<LabelTag> tags;
        fresh::assignFresh(tags, order.size(), LabelTag::None);
        std::vector<LabelChunk> chunks(chunkCount(order.size()));
        for (size_t c = 0; c < chunks.size(); ++c) {
            chunks[c].begin = order.size() * c / chunks.size();
            chunks[c].end = order.size() * (c + 1) / chunks.size();
        }
        onThreads(chunks.size(), [&](size_t c) {
            LabelChunk &chunk = chunks[c];
            for (size_t i = chunk.begin; i < chunk.end; ++i) {
                if ((i & 0xffff) == 0 && progress_.cancelled())
                    return;
                tags[i] = labelTag(p_.ranges[order[i]], makeOperators);
                chunk.operators += tags[i] == LabelTag::Operator;
                chunk.modules += tags[i] == LabelTag::Module || tags[i] == LabelTag::ModuleEvent;
            }
        });
        progress_.checkCancel();
        size_t operators = p_.operators.size(), modules = 0;
        for (LabelChunk &chunk : chunks) {
            chunk.firstOperator = std::exchange(operators, operators + chunk.operators);
            chunk.firstModule = std::exchange(modules, modules + chunk.modules);
        }
        const bool overlap = alongside && chunkCount(order.size() + p_.kernels.size()) > 1;
        onThreads(overlap ? 2 : 1, [&](size_t task) {
            if (task == 1) {
                alongside();
                return;
            }
            fresh::resizeFresh(p_.operators, operators); // once, at the final size: no growth, no shrink_to_fit copy
            fresh::resizeFresh(p_.modules, modules);
        });
        if (alongside && !overlap)
            alongside();
        progress_.checkCancel();
        onThreads(chunks.size(), [&](size_t c) {
            LabelChunk &chunk = chunks[c];
            size_t nextOperator = chunk.firstOperator, nextModule = chunk.firstModule;
            for (size_t i = chunk.begin; i < chunk.end; ++i) {
                if ((i & 0xffff) == 0 && progress_.cancelled())
                    return;
                if (tags[i] == LabelTag::None)
                    continue;
                const Index r = order[i];
                const Range &range = p_.ranges[r];
                if (tags[i] == LabelTag::ModuleEvent) { // the path first: ids in the serial order
                    const StringId path = chunk.intern(moduleEventName(range));
                    fillModule(p_.modules[nextModule++], r, path, chunk.intern(moduleEventClass(range)));
                    continue;
                }
                const RangeLabel label = parseRangeLabel(p_.text(range.text), tags[i] == LabelTag::Operator);
                if (tags[i] == LabelTag::Module) {
                    const StringId path = chunk.intern(label.name);
                    fillModule(p_.modules[nextModule++], r, path, chunk.intern(label.cls));
                    continue;
                }
                Operator &op = p_.operators[nextOperator++];
                op.start_ns = range.start_ns;
                op.end_ns = range.end_ns;
                op.name = chunk.intern(label.name);
                op.shapes = label.shapes.empty() ? kNoString : chunk.intern(label.shapes);
                op.thread = range.thread;
                op.range = r;
                op.sequence_nr = label.sequenceNr;
                if (isBackwardName(label.name))
                    op.flags |= kOperatorBackward;
            }
        });
        progress_.checkCancel();
        for (LabelChunk &chunk : chunks) {
            chunk.global.resize(chunk.names.size());
            for (size_t n = 0; n < chunk.names.size(); ++n)
                chunk.global[n] = p_.intern(chunk.names[n]);
        }
        std::vector<uint32_t> callsByName(p_.strings.size(), 0);
        for (const LabelChunk &chunk : chunks) {
            Index nextOperator = Index(chunk.firstOperator), nextModule = Index(chunk.firstModule);
            for (size_t i = chunk.begin; i < chunk.end; ++i) {
                const Index r = order[i];
                const Index parent = ranges_.parent(r);
                const Index module = parent == kNoIndex ? kNoIndex : moduleOfRange_[parent];
                const Index enclosingOp = parent == kNoIndex ? kNoIndex : opOfRange_[parent];
                moduleOfRange_[r] = module;
                opOfRange_[r] = enclosingOp;
                if (tags[i] == LabelTag::Module || tags[i] == LabelTag::ModuleEvent) {
                    ModuleInstance &m = p_.modules[nextModule];
                    m.path = chunk.global[m.path];
                    m.class_name = chunk.global[m.class_name];
                    m.parent = module;
                    moduleOfRange_[r] = nextModule++;
                } else if (tags[i] == LabelTag::Operator) {
                    Operator &op = p_.operators[nextOperator];
                    op.name = chunk.global[op.name];
                    if (op.shapes != kNoString)
                        op.shapes = chunk.global[op.shapes];
                    op.call_index = callsByName[op.name]++;
                    op.parent = enclosingOp;
                    op.depth = enclosingOp == kNoIndex ? 0 : uint16_t(p_.operators[enclosingOp].depth + 1);
                    op.module = module;
                    if (enclosingOp != kNoIndex && (p_.operators[enclosingOp].flags & kOperatorBackward))
                        op.flags |= kOperatorBackward;
                    opOfRange_[r] = nextOperator++;
                }
            }
        }
    }

    void fillModule(ModuleInstance &m, Index r, StringId path, StringId cls) const
    {
        const Range &range = p_.ranges[r];
        m.start_ns = range.start_ns;
        m.end_ns = range.end_ns;
        m.path = path;
        m.class_name = cls;
        m.thread = range.thread;
        m.range = r;
    }

    // How many stretches to cut `n` items into: one per worker thread, none below 16,384 items; as many as
    // AttributionOptions::threads asks (up to one item each) when it is set, for the tests.
    size_t chunkCount(size_t n) const
    {
        constexpr size_t kMinChunk = 16384;
        if (options_.threads != 0)
            return std::max<size_t>(1, std::min<size_t>(options_.threads, n));
        return std::max<size_t>(1, std::min<size_t>(threads_, n / kMinChunk));
    }

    // CUB and Thrust (NVTX domain "CCCL") name their own ranges "cub::DeviceRadixSort": library calls
    // inside an operator (embedding_dense_backward sorts with CUB), not operators of their own.
    bool isLibraryRange(const Range &range) const { return p_.text(range.domain) == "CCCL"; }

    // "nn.Module: Linear_3" names instance 3 of class Linear: unique in the process, so it is the
    // module's path (the trace has no attribute names such as "blocks.0.attn"); the tree gives its place.
    std::string_view moduleEventName(const Range &range) const
    {
        return p_.text(range.text).substr(kModuleEventPrefix.size());
    }

    std::string_view moduleEventClass(const Range &range) const
    {
        const std::string_view name = moduleEventName(range);
        const auto underscore = name.rfind('_');
        if (underscore == std::string_view::npos || underscore == 0 || underscore + 1 == name.size() ||
            !std::all_of(name.begin() + long(underscore) + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return name;
        return name.substr(0, underscore);
    }

    // Why a kernel of attributeByLaunchStack is left unattributed: codes in the workers, texts interned after.
    static constexpr std::string_view kLaunchStackReasons[] = {
        {},
        "no launching API call with its correlation id",
        "no NVTX range open on the launching thread at launch",
        "no operator range open at launch (only module or user ranges)",
    };

    // nsys / ncu: the ranges open on the launching thread at launch time, in two steps. findLaunches(), on
    // the range index alone: each kernel's launching API call, thread, time and innermost range then.
    // finishLaunches(), once the ranges have their operators and modules: each kernel's operator, module
    // and method. Each step splits the kernels among workers that write their own kernels only; the
    // reasons of the unattributed ones are interned last, in kernel order, so that string ids come out as
    // in a serial pass. `split`: over the workers (false on a worker of its own, which does not report).
    void findLaunches(bool split)
    {
        // Correlation id -> the launching API call (per thread, as ids repeat across processes).
        // Only the calls whose id some kernel has: most API calls launch nothing (a capture of a million
        // kernels has over ten million calls), and sorting them all was a large share of attribution.
        uint32_t maxKernelId = 0;
        for (const Kernel &kernel : p_.kernels)
            maxKernelId = std::max(maxKernelId, kernel.correlation_id);
        std::vector<bool> launchesKernel(size_t(maxKernelId) + 1, false);
        for (const Kernel &kernel : p_.kernels)
            launchesKernel[kernel.correlation_id] = true;
        std::vector<std::vector<std::pair<uint32_t, Index>>> found(split ? chunkCount(p_.api_calls.size()) : 1);
        onThreads(found.size(), [&](size_t c) {
            const size_t begin = p_.api_calls.size() * c / found.size(),
                         end = p_.api_calls.size() * (c + 1) / found.size();
            for (size_t a = begin; a < end; ++a)
                if (const uint32_t id = p_.api_calls[a].correlation_id; id <= maxKernelId && launchesKernel[id])
                    found[c].emplace_back(id, Index(a));
        });
        std::vector<std::pair<uint32_t, Index>> byCorrelation;
        if (found.size() == 1) {
            byCorrelation.swap(found[0]);
        } else {
            size_t calls = 0;
            for (const auto &part : found)
                calls += part.size();
            byCorrelation.reserve(calls);
            for (auto &part : found) {
                byCorrelation.insert(byCorrelation.end(), part.begin(), part.end());
                std::vector<std::pair<uint32_t, Index>>().swap(part);
            }
        }
        if (!std::is_sorted(byCorrelation.begin(), byCorrelation.end())) // nsys writes them in id order
            std::sort(byCorrelation.begin(), byCorrelation.end());
        fresh::assignFresh(launchTimes_, p_.kernels.size(), int64_t(0));
        fresh::assignFresh(launchReasons_, p_.kernels.size(), uint8_t(0));

        const size_t kernels = p_.kernels.size(), chunks = split ? chunkCount(kernels) : 1;
        onThreads(chunks, [&](size_t c) {
            const size_t begin = kernels * c / chunks, end = kernels * (c + 1) / chunks;
            for (size_t k = begin; k < end; ++k) {
                if (((k - begin) & 0xfff) == 0 && progress_.cancelled())
                    return;
                Kernel &kernel = p_.kernels[k];
                Index thread = kernel.launch_thread;
                int64_t launchTime = kernel.start_ns; // ncu's own timeline: the stack was recorded at launch
                if (!p_.api_calls.empty()) {
                    const Index call = findLaunchCall(byCorrelation, kernel);
                    if (call == kNoIndex) {
                        unattributedBy(kernel);
                        launchReasons_[k] = 1;
                        continue;
                    }
                    thread = p_.api_calls[call].thread;
                    launchTime = p_.api_calls[call].start_ns;
                    kernel.launch_thread = thread;
                }
                launchTimes_[k] = launchTime; // the replay's, for a kernel of a CUDA graph: when it ran in the step
                kernel.range = ranges_.innermostAt(thread, launchTime);
            }
        });
    }

    void finishLaunches()
    {
        if (launchReasons_.size() != p_.kernels.size()) // labelRanges had no worker to run it
            findLaunches(true);
        progress_.checkCancel();
        const size_t kernels = p_.kernels.size(), chunks = chunkCount(kernels);
        onThreads(chunks, [&](size_t c) {
            const size_t begin = kernels * c / chunks, end = kernels * (c + 1) / chunks;
            for (size_t k = begin; k < end; ++k) {
                if (((k - begin) & 0xfff) == 0) {
                    if (c == 0) // the calling thread's share reports for all
                        progress_.report(double(k) / double(std::max<size_t>(1, end)), ProgressStage::Attribute,
                                         "Attributing kernels");
                    if (progress_.cancelled())
                        return;
                }
                if (launchReasons_[k] == 0)
                    launchReasons_[k] = attributeKernelByLaunchStack(Index(k));
            }
        });
        progress_.checkCancel();
        StringId reasonIds[std::size(kLaunchStackReasons)];
        std::fill(std::begin(reasonIds), std::end(reasonIds), kNoString);
        for (size_t k = 0; k < kernels; ++k)
            if (const uint8_t reason = launchReasons_[k]) {
                if (reasonIds[reason] == kNoString)
                    reasonIds[reason] = p_.intern(kLaunchStackReasons[reason]);
                p_.kernels[k].unattributed_reason = reasonIds[reason];
            }
    }

    // Kernel `k`, its launching call found (findLaunches), by its launch stack: returns 0, or the index of
    // the reason it stays unattributed (the reason itself is left for the caller to set).
    uint8_t attributeKernelByLaunchStack(Index k)
    {
        Kernel &kernel = p_.kernels[k];
        Index r = kernel.range; // the innermost range open at launch
        // A kernel replayed from a CUDA graph: the operator open where its node was captured (the
        // launcher labels graph captures); without one there, the replay's ranges as before.
        if (const Index capture = p_.graphCaptureCall(k); capture != kNoIndex) {
            const ApiCall &call = p_.api_calls[capture];
            if (const Index atCapture = ranges_.innermostAt(call.thread, call.start_ns);
                atCapture != kNoIndex && opOfRange_[atCapture] != kNoIndex)
                r = atCapture;
        }
        kernel.range = r;
        kernel.module = r == kNoIndex ? kNoIndex : moduleOfRange_[r];
        kernel.op = r == kNoIndex ? kNoIndex : opOfRange_[r];
        if (kernel.module == kNoIndex && kernel.op != kNoIndex) // backward: its forward op's module
            kernel.module = p_.operators[kernel.op].module;
        if (kernel.op != kNoIndex) {
            kernel.method = AttributionMethod::Nvtx;
            kernel.confidence = Confidence::High; // exact: correlation id + the thread's range stack
            kernel.unattributed_reason = kNoString;
            return 0;
        }
        unattributedBy(kernel);
        return r == kNoIndex ? 2 : 3;
    }

    Index findLaunchCall(const std::vector<std::pair<uint32_t, Index>> &byCorrelation, const Kernel &kernel) const
    {
        auto it = std::lower_bound(byCorrelation.begin(), byCorrelation.end(),
                                   std::make_pair(kernel.correlation_id, Index(0)));
        Index fallback = kNoIndex;
        for (; it != byCorrelation.end() && it->first == kernel.correlation_id; ++it) {
            if (kernel.launch_thread == kNoIndex || p_.api_calls[it->second].thread == kernel.launch_thread)
                return it->second;
            if (kernel.launch_thread < p_.threads.size() && p_.api_calls[it->second].thread < p_.threads.size() &&
                p_.threads[p_.api_calls[it->second].thread].pid == p_.threads[kernel.launch_thread].pid)
                fallback = it->second;
        }
        return fallback;
    }

    // torch.profiler: parents and depths from time nesting per thread, when the importer left them out.
    void ensureOperatorNesting()
    {
        const bool nested = std::any_of(p_.operators.begin(), p_.operators.end(),
                                        [](const Operator &o) { return o.parent != kNoIndex; });
        if (nested)
            return;
        std::vector<Index> order(p_.operators.size());
        std::iota(order.begin(), order.end(), Index(0));
        std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) {
            const Operator &x = p_.operators[a], &y = p_.operators[b];
            if (x.thread != y.thread)
                return x.thread < y.thread;
            return x.start_ns != y.start_ns ? x.start_ns < y.start_ns : x.end_ns > y.end_ns;
        });
        std::vector<Index> open;
        Index thread = kNoIndex;
        for (Index o : order) {
            Operator &op = p_.operators[o];
            if (op.thread != thread) {
                open.clear();
                thread = op.thread;
            }
            while (!open.empty() && p_.operators[open.back()].end_ns < op.end_ns)
                open.pop_back();
            op.parent = open.empty() ? kNoIndex : open.back();
            op.depth = open.empty() ? 0 : uint16_t(p_.operators[op.parent].depth + 1);
            open.push_back(o);
        }
    }

    // Operators in nesting order (parents first): by depth, in index order within a depth. A counting
    // sort over the depths, read in index order: a comparison sort jumping around a million operators
    // was the largest cost of attributing a big nsys capture.
    std::vector<Index> operatorsParentsFirst() const
    {
        std::vector<size_t> firstOfDepth;
        for (const Operator &op : p_.operators) {
            if (op.depth >= firstOfDepth.size())
                firstOfDepth.resize(size_t(op.depth) + 1, 0);
            ++firstOfDepth[op.depth];
        }
        size_t at = 0;
        for (size_t &slot : firstOfDepth)
            at += std::exchange(slot, at);
        std::vector<Index> order(p_.operators.size());
        for (Index o = 0; o < p_.operators.size(); ++o)
            order[firstOfDepth[p_.operators[o].depth]++] = o;
        return order;
    }

    // torch.profiler: an op's module is the innermost module annotation open on its thread when it starts.
    void placeOperatorsInModules()
    {
        for (Index o : operatorsParentsFirst()) {
            Operator &op = p_.operators[o];
            const Index r = ranges_.innermostAt(op.thread, op.start_ns);
            op.module = r == kNoIndex ? kNoIndex : moduleOfRange_[r];
            if (op.module == kNoIndex && op.parent != kNoIndex)
                op.module = p_.operators[op.parent].module;
            if (isBackwardName(p_.text(op.name)) ||
                (op.parent != kNoIndex && (p_.operators[op.parent].flags & kOperatorBackward)))
                op.flags |= kOperatorBackward;
        }
    }

    // emit_nvtx labels autograd's "evaluate_function: XBackward0" range without the sequence number that
    // Kineto gives it; the node's own range inside it has one. The engine also works inside that range
    // after the node's (it reduces a broadcast gradient to its input's shape, the aten::sum of a Linear's
    // bias, and adds gradients that meet, the aten::add_ of a residual): with the node's number, that
    // work takes the node's module like the node's own ops do.
    void adoptSequenceOfEvaluatedNodes()
    {
        for (const Operator &node : p_.operators) {
            if (node.parent == kNoIndex || node.sequence_nr < 0)
                continue;
            Operator &evaluate = p_.operators[node.parent];
            if (evaluate.sequence_nr < 0 && p_.text(evaluate.name).starts_with("autograd::engine::evaluate_function"))
                evaluate.sequence_nr = node.sequence_nr;
        }
    }

    // Backward ops run on autograd's thread, outside any module annotation: they take the module of
    // the forward op that autograd recorded them for (fwdbwd flow, else the same sequence number).
    void linkBackwardToForward()
    {
        std::unordered_map<Index, Index> forwardOf; // backward op -> forward op
        for (const OperatorLink &link : p_.operator_links)
            if (link.kind == OperatorLinkKind::ForwardBackward && link.from < p_.operators.size() &&
                link.to < p_.operators.size())
                forwardOf[link.to] = link.from;
        std::unordered_map<int64_t, std::vector<Index>> forwardBySeq;
        for (Index o = 0; o < p_.operators.size(); ++o) {
            const Operator &op = p_.operators[o];
            if (op.sequence_nr >= 0 && !(op.flags & kOperatorBackward) && op.module != kNoIndex)
                forwardBySeq[op.sequence_nr].push_back(o);
        }
        linkedOps_ = 0;
        inferModulesOfGradientAccumulation();
        for (Index o : operatorsParentsFirst()) {
            Operator &op = p_.operators[o];
            if (!(op.flags & kOperatorBackward) || op.module != kNoIndex)
                continue;
            Index forward = kNoIndex;
            if (auto it = forwardOf.find(o); it != forwardOf.end())
                forward = it->second;
            else if (op.sequence_nr >= 0)
                if (auto seq = forwardBySeq.find(op.sequence_nr); seq != forwardBySeq.end())
                    for (Index candidate : seq->second) // the latest forward op that started before
                        if (p_.operators[candidate].start_ns <= op.start_ns)
                            forward = candidate;
            if (forward != kNoIndex && p_.operators[forward].module != kNoIndex) {
                op.module = p_.operators[forward].module;
                ++linkedOps_;
            } else if (op.parent != kNoIndex) {
                op.module = p_.operators[op.parent].module;
                moduleByAdjacency_[o] = moduleByAdjacency_[op.parent];
            }
        }
    }

    // AccumulateGrad writes a parameter's gradient right after the backward function that computed
    // it, on the same thread, and has no forward op: it takes that function's module (by adjacency,
    // so its kernels get medium confidence).
    void inferModulesOfGradientAccumulation()
    {
        moduleByAdjacency_.assign(p_.operators.size(), false);
        std::vector<Index> topLevel;
        for (Index o = 0; o < p_.operators.size(); ++o)
            if ((p_.operators[o].flags & kOperatorBackward) && p_.operators[o].parent == kNoIndex)
                topLevel.push_back(o);
        std::sort(topLevel.begin(), topLevel.end(), [&](Index a, Index b) {
            const Operator &x = p_.operators[a], &y = p_.operators[b];
            return x.thread != y.thread ? x.thread < y.thread : x.start_ns < y.start_ns;
        });
        // Resolve the forward module of each top-level backward function first (same rules as below).
        std::unordered_map<int64_t, std::vector<Index>> forwardBySeq;
        for (Index o = 0; o < p_.operators.size(); ++o)
            if (p_.operators[o].sequence_nr >= 0 && !(p_.operators[o].flags & kOperatorBackward) &&
                p_.operators[o].module != kNoIndex)
                forwardBySeq[p_.operators[o].sequence_nr].push_back(o);
        Index thread = kNoIndex, lastModule = kNoIndex;
        for (Index o : topLevel) {
            Operator &op = p_.operators[o];
            if (op.thread != thread) {
                thread = op.thread;
                lastModule = kNoIndex;
            }
            if (p_.text(op.name).find("AccumulateGrad") != std::string_view::npos) {
                if (op.module == kNoIndex && lastModule != kNoIndex) {
                    op.module = lastModule;
                    moduleByAdjacency_[o] = true;
                }
                continue;
            }
            if (auto seq = forwardBySeq.find(op.sequence_nr); op.sequence_nr >= 0 && seq != forwardBySeq.end()) {
                for (Index candidate : seq->second)
                    if (p_.operators[candidate].start_ns <= op.start_ns)
                        lastModule = p_.operators[candidate].module;
            }
        }
    }

    void attributeByExternalId()
    {
        // External id -> the innermost cpu_op carrying it.
        std::unordered_map<uint32_t, Index> opByExternalId;
        opByExternalId.reserve(p_.operators.size());
        for (Index o = 0; o < p_.operators.size(); ++o) {
            const uint32_t id = p_.operators[o].external_id;
            if (id == 0)
                continue;
            auto [it, inserted] = opByExternalId.emplace(id, o);
            if (!inserted && p_.operators[o].depth > p_.operators[it->second].depth)
                it->second = o;
        }
        for (Kernel &kernel : p_.kernels) {
            auto it = kernel.external_id ? opByExternalId.find(kernel.external_id) : opByExternalId.end();
            if (it == opByExternalId.end()) {
                unattributed(kernel, kernel.external_id ? "no cpu_op with its External id" : "no External id");
                continue;
            }
            kernel.op = it->second;
            kernel.module = p_.operators[it->second].module;
            kernel.method = AttributionMethod::TorchProfiler;
            kernel.confidence = it->second < moduleByAdjacency_.size() && moduleByAdjacency_[it->second]
                                    ? Confidence::Medium
                                    : Confidence::High;
            kernel.unattributed_reason = kNoString;
        }
    }

    void flagOutsideCapture()
    {
        std::vector<std::pair<int64_t, int64_t>> &capture = captureWindows_;
        const StringId name = p_.strings.find(options_.captureRange);
        if (name != kNoString)
            for (const Range &r : p_.ranges)
                if (r.text == name)
                    capture.emplace_back(r.start_ns, r.end_ns);
        if (capture.empty())
            return;
        std::sort(capture.begin(), capture.end());
        for (Index k = 0; k < p_.kernels.size(); ++k) {
            Kernel &kernel = p_.kernels[k];
            const int64_t t = k < launchTimes_.size() && launchTimes_[k] ? launchTimes_[k] : kernel.start_ns;
            auto it = std::upper_bound(capture.begin(), capture.end(), std::make_pair(t, INT64_MAX));
            const bool inside = it != capture.begin() && std::prev(it)->second >= t;
            if (!inside) {
                kernel.flags |= kKernelOutsideCapture;
                if (kernel.op == kNoIndex)
                    kernel.unattributed_reason =
                        p_.intern("launched outside the capture range (initialisation or warm-up)");
            } else {
                kernel.flags &= uint8_t(~kKernelOutsideCapture);
            }
        }
    }

    void unattributed(Kernel &kernel, std::string_view reason)
    {
        unattributedBy(kernel);
        kernel.unattributed_reason = p_.intern(reason);
    }

    // unattributed() but for the reason, for workers (they do not intern).
    static void unattributedBy(Kernel &kernel)
    {
        kernel.op = kNoIndex;
        kernel.method = AttributionMethod::Unattributed;
        kernel.confidence = Confidence::Unattributed;
    }

    Profile &p_;
    const AttributionOptions &options_;
    const Progress &progress_;
    StageClock clock_;  // before ranges_: its first lap times the range index
    bool moduleEvents_; // the python tracer's "nn.Module: X_N" events give the modules
    RangeIndex ranges_;
    unsigned threads_; // worker threads for the stages that split (AttributionOptions::threads)
    std::vector<Index> moduleOfRange_;
    std::vector<Index> opOfRange_;
    std::vector<int64_t> launchTimes_;
    std::vector<uint8_t> launchReasons_; // per kernel: 0, or why it stays unattributed (kLaunchStackReasons)
    std::vector<std::pair<int64_t, int64_t>> captureWindows_; // the capture range's, sorted
    std::vector<bool> moduleByAdjacency_; // per operator: module inferred from the preceding backward function
    size_t linkedOps_ = 0;
};

} // namespace

void attribute(Profile &p, const AttributionOptions &options, const Progress &progress)
{
    // Profiles that arrive attributed (profile.json, our own files) keep their attribution.
    if (p.source_format == format_id::kOperatorProfilerJson || isAttributed(p))
        return;
    Attributor(p, options, progress).run();
    StageClock clock(options.stageTimes);
    pairReferenceStep(p, options.captureRange);
    clock.lap("reference step");
}

void adoptNamedModulePaths(Profile &p)
{
    const StringId empty = p.strings.find("");
    if (empty != kNoString &&
        std::any_of(p.modules.begin(), p.modules.end(), [&](const ModuleInstance &m) { return m.path == empty; }))
        return; // labels of this launcher: the root has the empty path already
    const StringId legacyRoot = p.strings.find("model");
    if (legacyRoot == kNoString)
        return;
    StringId root = kNoString;
    for (ModuleInstance &m : p.modules)
        if (m.path == legacyRoot && m.parent == kNoIndex && m.kind == ModuleKind::Module)
            m.path = root == kNoString ? (root = p.intern("")) : root;
}

bool isAttributed(const Profile &p)
{
    return !p.modules.empty() ||
           std::any_of(p.kernels.begin(), p.kernels.end(), [](const Kernel &k) { return k.op != kNoIndex; });
}

} // namespace opscope
