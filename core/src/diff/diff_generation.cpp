// Two generation set-ups phase by phase (diff.h GenerationDiff): each side's analyzeGeneration, the figures
// side by side, the modules matched by path.
#include "opscope/diff.h"
#include "opscope/generation.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

namespace {

void figure(std::vector<GenerationDiffRow> &rows, const char *name, const char *unit, std::optional<double> before,
            std::optional<double> after)
{
    if (!before && !after)
        return;
    GenerationDiffRow row;
    row.name = name;
    row.unit = unit;
    row.inBefore = before.has_value();
    row.inAfter = after.has_value();
    row.before = before.value_or(0);
    row.after = after.value_or(0);
    rows.push_back(std::move(row));
}

template <typename F> std::optional<double> plainFigure(const GenerationReport &r, F f)
{
    return r.plain ? std::optional<double>(f(*r.plain)) : std::nullopt;
}

std::optional<double> share(double s)
{
    return s >= 0 ? std::optional<double>(s) : std::nullopt;
}

std::vector<GenerationDiffRow> moduleRows(const GenerationReport &before, const GenerationReport &after,
                                          int64_t ModulePhaseTime::*field)
{
    std::map<std::string, GenerationDiffRow> rows;
    const auto add = [&](const GenerationReport &r, bool isBefore) {
        for (const ModulePhaseTime &m : r.modules) {
            GenerationDiffRow &row = rows[m.path];
            row.name = m.path;
            row.className = m.className;
            row.unit = "ns";
            (isBefore ? row.before : row.after) = double(m.*field);
            (isBefore ? row.inBefore : row.inAfter) = true;
        }
    };
    add(before, true);
    add(after, false);
    std::vector<GenerationDiffRow> out;
    for (auto &[path, row] : rows)
        out.push_back(std::move(row));
    std::stable_sort(out.begin(), out.end(), [](const GenerationDiffRow &a, const GenerationDiffRow &b) {
        return std::max(a.before, a.after) > std::max(b.before, b.after);
    });
    return out;
}

} // namespace

GenerationDiff diffGeneration(const Profile &before, const Profile &after)
{
    GenerationDiff d;
    const GenerationReport b = analyzeGeneration(before), a = analyzeGeneration(after);
    d.present = b.present() && a.present();
    if (!d.present)
        return d;
    auto &f = d.figures;
    figure(f, "ttft", "ns", plainFigure(b, [](const TokenFigures &t) { return double(t.ttftNs); }),
           plainFigure(a, [](const TokenFigures &t) { return double(t.ttftNs); }));
    figure(f, "tpot_median", "ns", plainFigure(b, [](const TokenFigures &t) { return double(t.tpotMedianNs); }),
           plainFigure(a, [](const TokenFigures &t) { return double(t.tpotMedianNs); }));
    figure(f, "tpot_p90", "ns", plainFigure(b, [](const TokenFigures &t) { return double(t.tpotP90Ns); }),
           plainFigure(a, [](const TokenFigures &t) { return double(t.tpotP90Ns); }));
    figure(f, "request", "ns", plainFigure(b, [](const TokenFigures &t) { return double(t.requestNs); }),
           plainFigure(a, [](const TokenFigures &t) { return double(t.requestNs); }));
    figure(f, "tokens_per_s", "tokens/s", plainFigure(b, [](const TokenFigures &t) { return t.tokensPerSecond; }),
           plainFigure(a, [](const TokenFigures &t) { return t.tokensPerSecond; }));
    figure(f, "prefill_gpu_busy", "share", share(b.prefillBusyShare), share(a.prefillBusyShare));
    figure(f, "decode_gpu_busy", "share", share(b.decodeBusyShare), share(a.decodeBusyShare));
    if (b.gpu || a.gpu)
        figure(f, "decode_kernels_per_token", "count", double(b.decodeKernelsPerToken),
               double(a.decodeKernelsPerToken));
    if (b.memory.known || a.memory.known)
        figure(f, "kv_cache", "bytes",
               b.memory.known ? std::optional<double>(double(b.memory.kvCacheBytes)) : std::nullopt,
               a.memory.known ? std::optional<double>(double(a.memory.kvCacheBytes)) : std::nullopt);
    d.prefill = moduleRows(b, a, &ModulePhaseTime::prefillNs);
    d.perToken = moduleRows(b, a, &ModulePhaseTime::perTokenNs);
    return d;
}

} // namespace opscope
