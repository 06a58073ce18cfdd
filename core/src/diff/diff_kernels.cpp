// Kernels within a matched operator row: by name, grid and block; by name; by role.
#include "diff/diff_internal.h"

#include "opscope/labels.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace opscope::diffdetail {

namespace {

std::string launchKey(const Profile &p, Index k, bool withLaunch)
{
    const Kernel &kernel = p.kernels[k];
    std::string key = normalizeKernelName(p.text(kernel.name));
    if (withLaunch)
        for (uint32_t v : {kernel.grid.x, kernel.grid.y, kernel.grid.z, kernel.block.x, kernel.block.y, kernel.block.z})
            key += "|" + std::to_string(v);
    return key;
}

// What is left after the name passes: kernels of the same role (a GEMM for a GEMM), else names
// alike by their parts, else the n-th for the n-th when both sides have as many left.
void matchByRole(const Profile &before, const Profile &after, const std::vector<Index> &kb,
                 const std::vector<Index> &ka, std::vector<Index> &partnerOfBefore,
                 std::vector<MatchKind> &kindOfBefore, std::vector<uint8_t> &afterTaken)
{
    std::vector<Index> lb, la;
    for (Index i = 0; i < kb.size(); ++i)
        if (partnerOfBefore[i] == kNoIndex)
            lb.push_back(i);
    for (Index j = 0; j < ka.size(); ++j)
        if (!afterTaken[j])
            la.push_back(j);
    if (lb.empty() || la.empty())
        return;
    auto describe = [](const Profile &p, Index k) {
        const std::string_view name = p.kernelDisplayName(k);
        return std::make_pair(kernelRole(name), kernelNameTokens(name));
    };
    std::vector<std::pair<KernelRole, std::vector<std::string>>> db, da;
    for (Index i : lb)
        db.push_back(describe(before, kb[i]));
    for (Index j : la)
        da.push_back(describe(after, ka[j]));
    const bool sameCount = lb.size() == la.size();
    const auto pairs = alignSequences(lb.size(), la.size(), [&](size_t x, size_t y) {
        const double similarity = tokenSimilarity(db[x].second, da[y].second);
        if (db[x].first == da[y].first && db[x].first != KernelRole::Unknown)
            return 100 + int(similarity * 100);
        if (similarity >= 0.34)
            return int(similarity * 100);
        return sameCount ? 1 : -1;
    });
    for (const auto &[x, y] : pairs) {
        partnerOfBefore[lb[x]] = la[y];
        kindOfBefore[lb[x]] = MatchKind::Role;
        afterTaken[la[y]] = 1;
    }
}

} // namespace

std::vector<KernelPair> matchKernelLists(const Profile &before, const Profile &after, const std::vector<Index> &kb,
                                         const std::vector<Index> &ka, bool byRole)
{
    std::vector<KernelPair> out;
    out.reserve(std::max(kb.size(), ka.size()));
    std::vector<Index> partnerOfBefore(kb.size(), kNoIndex); // position in ka
    std::vector<MatchKind> kindOfBefore(kb.size(), MatchKind::None);
    std::vector<uint8_t> afterTaken(ka.size(), 0);
    auto pass = [&](bool withLaunch, MatchKind kind) {
        std::unordered_map<std::string, std::deque<Index>> free;
        for (Index j = 0; j < ka.size(); ++j)
            if (!afterTaken[j])
                free[launchKey(after, ka[j], withLaunch)].push_back(j);
        for (Index i = 0; i < kb.size(); ++i) {
            if (partnerOfBefore[i] != kNoIndex)
                continue;
            auto it = free.find(launchKey(before, kb[i], withLaunch));
            if (it == free.end() || it->second.empty())
                continue;
            partnerOfBefore[i] = it->second.front();
            afterTaken[it->second.front()] = 1;
            kindOfBefore[i] = kind;
            it->second.pop_front();
        }
    };
    pass(true, MatchKind::Launch);
    pass(false, MatchKind::KernelName);
    if (byRole)
        matchByRole(before, after, kb, ka, partnerOfBefore, kindOfBefore, afterTaken);

    // Rows in AFTER's launch order, each removed kernel just before the next matched one.
    std::vector<Index> beforeOfAfter(ka.size(), kNoIndex);
    for (Index i = 0; i < kb.size(); ++i)
        if (partnerOfBefore[i] != kNoIndex)
            beforeOfAfter[partnerOfBefore[i]] = i;
    std::vector<uint8_t> emitted(kb.size(), 0);
    auto emitRemovedUpTo = [&](Index limit) {
        for (Index i = 0; i < limit; ++i)
            if (!emitted[i] && partnerOfBefore[i] == kNoIndex) {
                out.push_back({kb[i], kNoIndex, MatchKind::None});
                emitted[i] = 1;
            }
    };
    for (Index j = 0; j < ka.size(); ++j) {
        const Index i = beforeOfAfter[j];
        if (i == kNoIndex) {
            out.push_back({kNoIndex, ka[j], MatchKind::None});
            continue;
        }
        emitRemovedUpTo(i);
        out.push_back({kb[i], ka[j], kindOfBefore[i]});
        emitted[i] = 1;
    }
    emitRemovedUpTo(Index(kb.size()));
    return out;
}

} // namespace opscope::diffdetail
