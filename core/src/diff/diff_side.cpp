// One side of a comparison: which operators get aligned, their kernels, and the step's figures.
#include "diff/diff_internal.h"

#include "opscope/labels.h"

#include <algorithm>

namespace opscope {

OperatorIdentity operatorIdentity(const Profile &p, Index op)
{
    const Operator &o = p.operators[op];
    const std::string_view text = p.text(o.name);
    OperatorIdentity id;
    // profile.json keeps the whole emit_nvtx text as the name; importers that parse it keep only the name.
    const RangeLabel label = parseRangeLabel(text);
    if (label.kind == RangeLabel::Kind::Operator) {
        id.name = std::string(label.name);
        id.shapes = std::string(label.shapes);
    } else {
        id.name = std::string(text);
    }
    if (o.shapes != kNoString)
        id.shapes = std::string(p.text(o.shapes));
    return id;
}

namespace diffdetail {

int64_t Side::kernelTime(const std::vector<Index> &list) const
{
    int64_t total = 0;
    for (Index k : list)
        total += p.kernels[k].duration();
    return total;
}

void prepareSide(Side &side, const ModuleTree &tree, const std::string &captureRange)
{
    const Profile &p = side.p;
    const size_t ops = p.operators.size();

    // Units: an operator whose parent runs in another module (or that has none).
    side.unitOf.assign(ops, kNoIndex);
    std::vector<Index> chain;
    for (Index o = 0; o < ops; ++o) {
        Index u = o;
        chain.clear();
        while (side.unitOf[u] == kNoIndex) {
            chain.push_back(u);
            const Index parent = p.operators[u].parent;
            // A chain longer than the table is a cycle in a damaged file: stop there.
            if (parent == kNoIndex || parent >= ops || p.operators[parent].module != p.operators[u].module ||
                chain.size() > ops) {
                side.unitOf[u] = u;
                break;
            }
            u = parent;
        }
        for (Index c : chain)
            side.unitOf[c] = side.unitOf[u];
    }

    side.unitKernels.assign(ops, {});
    std::vector<uint8_t> hasCaptured(ops, 0), hasOutside(ops, 0);
    int64_t firstStart = INT64_MAX, lastEnd = INT64_MIN, coveredUntil = INT64_MIN;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        const Index unit = kernel.op < ops ? side.unitOf[kernel.op] : kNoIndex;
        if (kernel.flags & kKernelOutsideCapture) {
            side.outsideTime += kernel.duration();
            ++side.outsideKernels;
            if (unit != kNoIndex)
                hasOutside[unit] = 1;
            continue;
        }
        ++side.kernels;
        side.stepTime += kernel.duration();
        // Kernels are in start order: the union of their intervals grows from the left.
        firstStart = std::min(firstStart, kernel.start_ns);
        lastEnd = std::max(lastEnd, kernel.end_ns);
        if (kernel.end_ns > coveredUntil) {
            side.busy += kernel.end_ns - std::max(kernel.start_ns, coveredUntil);
            coveredUntil = kernel.end_ns;
        }
        if (unit == kNoIndex) {
            side.unattributed.push_back(k);
            side.unattributedTime += kernel.duration();
        } else {
            side.unitKernels[unit].push_back(k);
            hasCaptured[unit] = 1;
        }
    }
    side.span = side.kernels ? lastEnd - firstStart : 0;

    std::vector<std::pair<int64_t, int64_t>> capture;
    if (const StringId name = p.strings.find(captureRange); name != kNoString)
        for (const Range &r : p.ranges)
            if (r.text == name)
                capture.emplace_back(r.start_ns, r.end_ns);
    auto inCapture = [&](int64_t t) {
        return capture.empty() || std::any_of(capture.begin(), capture.end(),
                                              [&](const auto &c) { return c.first <= t && t <= c.second; });
    };

    side.identity.assign(ops, {});
    side.fusedNames.assign(ops, {});
    side.unitsOfNode.assign(tree.nodes.size() + 1, {});
    for (Index o = 0; o < ops; ++o) {
        if (side.unitOf[o] != o)
            continue;
        const bool inStep = hasCaptured[o] || (!hasOutside[o] && inCapture(p.operators[o].start_ns));
        if (!inStep)
            continue;
        const Index m = p.operators[o].module;
        const int node = tree.nodeOf(m);
        side.unitsOfNode[node >= 0 ? size_t(node) : tree.nodes.size()].push_back(o);
        side.identity[o] = operatorIdentity(p, o);
        ++side.stepUnits;
    }
    for (const FusedName &f : p.fused_with)
        if (f.op < ops && side.unitOf[f.op] == f.op) {
            const std::string_view text = p.text(f.name);
            const RangeLabel label = parseRangeLabel(text);
            side.fusedNames[f.op].emplace_back(label.kind == RangeLabel::Kind::Operator ? label.name : text);
        }
    // Launch order on the CPU, except where every unit has kernels: then GPU order, as sources
    // without CPU spans (profile.json records without an NVTX range) date an op by its kernels.
    for (auto &units : side.unitsOfNode) {
        const bool allHaveKernels =
            std::all_of(units.begin(), units.end(), [&](Index u) { return !side.unitKernels[u].empty(); });
        if (allHaveKernels)
            std::stable_sort(units.begin(), units.end(), [&](Index a, Index b) {
                return side.unitKernels[a].front() < side.unitKernels[b].front();
            });
        else
            std::stable_sort(units.begin(), units.end(),
                             [&](Index a, Index b) { return p.operators[a].start_ns < p.operators[b].start_ns; });
    }
}

} // namespace diffdetail

} // namespace opscope
