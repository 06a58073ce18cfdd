#include "models/profile_analysis.h"

#include "opscope/generation.h"
#include "opscope/metadata_keys.h"

#include "models/kernel_table_model.h"

#include "common/qt_text.h"

#include <QCoreApplication>

namespace opscope::ui {

namespace {

// This file's texts, in the translation context "ProfileAnalysis".
struct ProfileAnalysisTexts {
    Q_DECLARE_TR_FUNCTIONS(ProfileAnalysis)
};

bool sameOperatorRow(const Profile &p, Index a, Index b, OperatorGrouping grouping)
{
    const Operator &x = p.operators[a], &y = p.operators[b];
    return x.name == y.name && (grouping == OperatorGrouping::ByName || x.shapes == y.shapes);
}

} // namespace

QString operatorDisplayName(std::string_view name)
{
    constexpr std::string_view engine = "autograd::engine::evaluate_function: ";
    if (name.starts_with(engine) && name.size() > engine.size())
        return QStringLiteral("%1 (%2)").arg(toQString(name.substr(engine.size())),
                                             toQString(engine.substr(0, engine.size() - 2)));
    return toQString(name);
}

QString noCountersReason(const Profile &p)
{
    QString amd;
    for (const Device &d : p.devices)
        if (const std::string_view name = p.text(d.name); name.find("AMD") != std::string_view::npos) {
            amd = toQString(name);
            break;
        }
    if (amd.isEmpty() && (p.metadataValue(kHipRuntimeVersionKey) || p.metadataValue(kRoctracerVersionKey)))
        amd = ProfileAnalysisTexts::tr("an AMD GPU (HIP)");
    if (!amd.isEmpty())
        return ProfileAnalysisTexts::tr(
                   "This profile is of %1: Nsight Compute profiles NVIDIA GPUs only, so it has no hardware counters "
                   "and no roofline. (AMD's counters come from rocprofv3 --pmc, which OpScope does not read.)")
            .arg(amd);
    if (p.kernels.empty())
        return ProfileAnalysisTexts::tr("This profile has no GPU kernels, so it has no hardware counters.");
    return ProfileAnalysisTexts::tr(
        "This profile has no hardware counters: open it together with an Nsight Compute CSV of the same step "
        "(ncu --csv --page raw), or replay the step under Nsight Compute (File > Replay Capture, "
        "opscope replay).");
}

std::shared_ptr<const ProfileAnalysis> analyzeProfile(std::shared_ptr<const Profile> profile)
{
    auto a = std::make_shared<ProfileAnalysis>();
    a->profile = std::move(profile);
    if (!a->profile)
        return a;
    const Profile &p = *a->profile;
    a->timeOrigin = p.timeOrigin();
    a->tree = buildModuleTree(p);

    a->roofline.reserve(p.kernels.size());
    for (Index k = 0; k < p.kernels.size(); ++k) {
        a->roofline.push_back(kernelRoofline(p, k));
        if (a->roofline.back().valid)
            a->rooflineKernels.push_back(k);
        if (!p.countersOfKernel(k).empty())
            ++a->kernelsWithCounters;
        if (!(p.kernels[k].flags & kKernelOutsideCapture)) {
            a->stepKernels.push_back(k);
            a->stepKernelsAttributed += p.kernels[k].op != kNoIndex;
        }
    }
    a->ceilings = profileCeilings(p); // the peaks the insights quote too (one per GPU and precision)
    a->operatorRows = operatorTableRows(p, OperatorGrouping::ByName);
    a->kernelRows = kernelTableRows(*a, true);
    if (const GenerationReport generation = analyzeGeneration(p); !generation.modules.empty()) {
        a->phaseTimeOfNode.assign(a->tree.nodes.size(), {});
        a->generationOnGpu = generation.gpu;
        for (const ModulePhaseTime &m : generation.modules) {
            const int node = m.phase ? a->tree.findPhase(m.path) : a->tree.find(m.path);
            if (node >= 0)
                a->phaseTimeOfNode[size_t(node)] = {m.prefillNs, m.perTokenNs};
        }
    }
    return a;
}

std::shared_ptr<const OperatorTableRows> operatorTableRows(const Profile &p, OperatorGrouping grouping)
{
    auto table = std::make_shared<OperatorTableRows>();
    table->grouping = grouping;
    table->rows = operatorTable(p, grouping);
    table->rowOfOperator.assign(p.operators.size(), -1);
    for (size_t r = 0; r < table->rows.size(); ++r)
        for (const Index op : table->rows[r].operators)
            table->rowOfOperator[op] = int(r);
    return table;
}

int ProfileAnalysis::nodeOfKernel(Index kernel) const
{
    return tree.nodeOf(profile->kernels[kernel].module);
}

std::vector<Index> ProfileAnalysis::operatorsOf(const Selection::State &state) const
{
    std::vector<Index> out;
    if (state.kind != Selection::Kind::Operator || state.index >= profile->operators.size())
        return out;
    if (!state.allCalls)
        return {state.index};
    for (Index o = 0; o < profile->operators.size(); ++o)
        if (sameOperatorRow(*profile, o, state.index, state.grouping))
            out.push_back(o);
    return out;
}

std::vector<Index> ProfileAnalysis::kernelsOf(const Selection::State &state) const
{
    KernelsOfCache &cache = *kernelsOfCache_;
    {
        const std::lock_guard lock(cache.mutex);
        if (cache.kernels && cache.state == state)
            return *cache.kernels;
    }
    auto kernels = std::make_shared<const std::vector<Index>>(findKernelsOf(state));
    const std::lock_guard lock(cache.mutex);
    cache.state = state;
    cache.kernels = kernels;
    return *kernels;
}

std::vector<Index> ProfileAnalysis::findKernelsOf(const Selection::State &state) const
{
    const Profile &p = *profile;
    std::vector<Index> out;
    switch (state.kind) {
    case Selection::Kind::None:
        break;
    case Selection::Kind::Kernel:
        if (state.index < p.kernels.size())
            out.push_back(state.index);
        break;
    case Selection::Kind::Operator: {
        std::vector<char> chosen(p.operators.size(), 0);
        for (Index o : operatorsOf(state))
            chosen[o] = 1;
        for (Index k : stepKernels) {
            size_t guard = 0;
            for (Index o = p.kernels[k].op; o < p.operators.size() && guard++ < 4096; o = p.operators[o].parent)
                if (chosen[o]) {
                    out.push_back(k);
                    break;
                }
        }
        break;
    }
    case Selection::Kind::Module:
    case Selection::Kind::Group: {
        std::vector<int> roots;
        if (state.kind == Selection::Kind::Module && state.index < tree.nodes.size())
            roots.push_back(int(state.index));
        else if (state.kind == Selection::Kind::Group && state.index < tree.groups.size())
            roots = tree.groups[state.index].members;
        out = kernelsUnder(p, tree, roots, KernelScope::CapturedStep);
        break;
    }
    }
    return out;
}

QString ProfileAnalysis::describe(const Selection::State &state) const
{
    const Profile &p = *profile;
    switch (state.kind) {
    case Selection::Kind::None:
        return ProfileAnalysisTexts::tr("Nothing selected");
    case Selection::Kind::Kernel:
        if (state.index < p.kernels.size())
            return ProfileAnalysisTexts::tr("Kernel %1").arg(toQString(p.kernelDisplayName(state.index)));
        break;
    case Selection::Kind::Operator:
        if (state.index < p.operators.size()) {
            const Operator &op = p.operators[state.index];
            QString text = toQString(p.text(op.name));
            if (state.allCalls && state.grouping == OperatorGrouping::ByNameAndShapes && op.shapes != kNoString)
                text += QLatin1Char(' ') + toQString(p.text(op.shapes));
            if (state.allCalls)
                return ProfileAnalysisTexts::tr("Operator %1 (%2 calls)").arg(text).arg(operatorsOf(state).size());
            return ProfileAnalysisTexts::tr("Operator %1 (call %2)").arg(text).arg(op.call_index);
        }
        break;
    case Selection::Kind::Module:
        if (state.index < tree.nodes.size())
            return ProfileAnalysisTexts::tr("Module %1").arg(toQString(tree.nodes[state.index].path));
        break;
    case Selection::Kind::Group:
        if (state.index < tree.groups.size()) {
            const DedupGroup &g = tree.groups[state.index];
            return ProfileAnalysisTexts::tr("Group %1 ×%2").arg(toQString(g.name)).arg(g.members.size());
        }
        break;
    }
    return ProfileAnalysisTexts::tr("Nothing selected");
}

RooflineTotals ProfileAnalysis::rooflineTotals(const std::vector<Index> &kernels) const
{
    RooflineTotals t;
    for (Index k : kernels) {
        const KernelRoofline &r = roofline[k];
        if (!r.valid || r.durationNs <= 0)
            continue;
        const double seconds = r.durationNs * 1e-9;
        ++t.kernels;
        t.time += r.durationNs;
        t.work += r.achievedFlops() * seconds;
        for (int l = 0; l < 3; ++l) {
            t.traffic[l] += r.memory[l].achieved * seconds;
            t.present[l] = t.present[l] || r.memory[l].present;
        }
        for (const ComputeRate &c : r.compute)
            t.workByPrecision[c.precision] += c.achieved * seconds;
    }
    return t;
}

} // namespace opscope::ui
