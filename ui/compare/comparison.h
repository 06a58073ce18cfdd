#pragma once
// A loaded comparison: both captures (profile and analysis, as the explorer loads them) and the diff
// of their captured steps, with the look-ups the compare views need to go from an event of either
// side to its diff row and from one diff row to the rows of the other levels.

#include "models/profile_loader.h"
#include "opscope/diff.h"

#include <QMetaType>
#include <QStringList>

#include <array>
#include <memory>
#include <vector>

namespace opscope::ui {

enum class Side { Before = 0, After = 1 };

struct Comparison {
    std::array<std::shared_ptr<const LoadedCapture>, 2> captures; // by Side
    std::array<QStringList, 2> paths;
    ProfileDiff diff; // points into both captures' profiles, which this struct keeps alive
    // Each side's captured step (absolute ns on its own timebase): the timelines align the starts.
    std::array<int64_t, 2> stepStart{0, 0};
    std::array<int64_t, 2> stepEnd{0, 0};
    // Per side: kernel -> kernel row; operator -> operator row (a nested operator: the row of the
    // outermost operator around it); module tree node -> module row. -1 where none.
    std::array<std::vector<int>, 2> kernelRow, operatorRow, moduleRow;

    const LoadedCapture &capture(Side side) const { return *captures[size_t(side)]; }
    const Profile &profile(Side side) const { return *captures[size_t(side)]->profile; }
    int kernelRowOf(Side side, Index kernel) const;
    int operatorRowOf(Side side, Index op) const;
    int moduleRowOfNode(Side side, int node) const;
    // The step's GPU time before over after: 2.0 means twice as fast; 0 when AFTER has none.
    double speedup() const;
    // A short name for a side: its files' names joined by " + ".
    QString title(Side side) const;
};

// Builds the diff and the look-ups (seconds on big captures: call it off the GUI thread). The
// captures bring their timeline models and steps, as the loader made them.
std::shared_ptr<const Comparison> buildComparison(std::shared_ptr<const LoadedCapture> before,
                                                  std::shared_ptr<const LoadedCapture> after,
                                                  const QStringList &beforePaths, const QStringList &afterPaths);

// The rows of `target` level that a selection of `row` at `level` stands for: itself at its own
// level; a kernel's operator row and module row; an operator's kernel rows and module row; a
// module's operator rows (of it and of its submodules) and their kernel rows.
std::vector<int> relatedRows(const Comparison &c, DiffLevel level, int row, DiffLevel target);

// A kernel row's display name: AFTER's kernel, "BEFORE → AFTER" when they differ.
QString kernelRowName(const Comparison &c, const KernelDiffRow &row);
// An operator row's display name: "aten::mm + aten::mm → aten::mm" for fused rows.
QString operatorRowName(const OperatorDiffRow &row);

} // namespace opscope::ui

Q_DECLARE_METATYPE(std::shared_ptr<const opscope::ui::Comparison>)
