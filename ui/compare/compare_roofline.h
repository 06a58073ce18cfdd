#pragma once
// The roofline of a comparison: the explorer's RooflineView on AFTER (its ceilings, points,
// choosers and export) with BEFORE's points drawn hollow and an arrow from each matched kernel's
// (or operator row's) BEFORE point to its AFTER point, green when it got faster, red when slower.
// The selected diff row is ringed on both sides; clicking a point of either side selects its row.

#include "compare/comparison.h"
#include "compare/diff_selection.h"

#include <QPointF>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QCPGraph;
class QMouseEvent;

namespace opscope::ui {

class RooflineView;
class Selection;

class CompareRoofline : public QWidget {
    Q_OBJECT
public:
    enum class Arrows { Kernels, Operators, None };

    explicit CompareRoofline(QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    void setArrows(Arrows arrows);
    Arrows arrows() const { return arrows_; }
    // Rings the row's points on both sides.
    void showSelection(const DiffSelection::State &state);

    RooflineView *view() const { return view_; }
    Selection *afterSelection() const { return afterSelection_; }

    // One drawn pair: a diff row's point on each side (in chart coordinates).
    struct Pair {
        DiffLevel level = DiffLevel::Kernel;
        int row = -1;
        QPointF before, after;
        bool hasBefore = false, hasAfter = false; // operator pairs draw both ends themselves
    };
    const std::vector<Pair> &pairs() const { return pairs_; }
    size_t arrowCount() const { return arrowCount_; }
    // BEFORE points ringed as the selection (kernel rows or operator rows).
    const std::vector<int> &ringedRows() const { return ringedRows_; }

signals:
    void rowActivated(opscope::DiffLevel level, int row);

private:
    void drawOverlay();
    void drawRing();
    void onMousePress(QMouseEvent *event);
    void onAfterSelection();

    std::shared_ptr<const Comparison> comparison_;
    Selection *afterSelection_;
    RooflineView *view_;
    QComboBox *arrowChooser_;
    Arrows arrows_ = Arrows::Kernels;
    std::vector<Pair> pairs_;
    size_t arrowCount_ = 0;
    DiffSelection::State shown_;
    std::vector<int> ringedRows_;
    QCPGraph *ring_ = nullptr;
    bool syncing_ = false;
};

} // namespace opscope::ui
