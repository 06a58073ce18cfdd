#include "compare/compare_roofline.h"

#include "common/palette.h"
#include "common/selection.h"
#include "compare/diff_colors.h"
#include "views/roofline_view.h"

// QCustomPlot still uses foreach (as Hotspot notes).
#undef QT_NO_FOREACH
#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace opscope::ui {

namespace {

constexpr size_t kMaxArrows = 2000; // the largest changes; more would hide the chart
constexpr double kPickRadius = 8;   // pixels

// A set of kernels as one point (all precisions), or invalid.
std::optional<QPointF> aggregatePoint(const Profile &p, const std::vector<Index> &kernels, MemoryLevel level)
{
    if (kernels.empty())
        return std::nullopt;
    const RooflinePoint r = aggregateRooflinePoint(p, kernels, level);
    if (!r.valid || !(r.flops > 0) || !(r.intensity > 0))
        return std::nullopt;
    return QPointF(r.intensity, r.flops);
}

} // namespace

CompareRoofline::CompareRoofline(QWidget *parent)
    : QWidget(parent), afterSelection_(new Selection(this)), view_(new RooflineView(afterSelection_, this)),
      arrowChooser_(new QComboBox(this))
{
    arrowChooser_->addItem(tr("Arrows: kernels"), int(Arrows::Kernels));
    arrowChooser_->addItem(tr("Arrows: operators"), int(Arrows::Operators));
    arrowChooser_->addItem(tr("No arrows"), int(Arrows::None));
    auto *legend = new QLabel(tr("hollow: before, filled: after; arrows green when faster, red when slower"), this);
    legend->setForegroundRole(QPalette::PlaceholderText);
    auto *controls = new QHBoxLayout;
    controls->addWidget(arrowChooser_);
    controls->addWidget(legend, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(view_, 1);

    connect(arrowChooser_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setArrows(Arrows(arrowChooser_->itemData(i).toInt())); });
    connect(view_, &RooflineView::rebuilt, this, &CompareRoofline::drawOverlay);
    connect(view_->plot(), &QCustomPlot::mousePress, this, &CompareRoofline::onMousePress);
    connect(afterSelection_, &Selection::changed, this, &CompareRoofline::onAfterSelection);
}

void CompareRoofline::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    shown_ = {};
    syncing_ = true;
    afterSelection_->clear();
    syncing_ = false;
    view_->setAnalysis(comparison_ ? comparison_->capture(Side::After).analysis : nullptr); // rebuilds: overlay
}

void CompareRoofline::setArrows(Arrows arrows)
{
    arrowChooser_->setCurrentIndex(arrowChooser_->findData(int(arrows)));
    if (arrows == arrows_)
        return;
    arrows_ = arrows;
    drawOverlay();
}

void CompareRoofline::drawOverlay()
{
    QCustomPlot *plot = view_->plot();
    pairs_.clear();
    arrowCount_ = 0;
    ring_ = nullptr; // the rebuild removed it with every other graph
    if (!comparison_ || !comparison_->capture(Side::Before).analysis) {
        drawRing();
        return;
    }
    const ProfileDiff &diff = comparison_->diff;
    const RooflineOptions &options = view_->options();
    const RooflineScene &afterScene = view_->scene();
    RooflineOptions beforeOptions = options;
    beforeOptions.aggregates = RooflineAggregates::None;
    beforeOptions.scopeToSelection = false;
    const RooflineScene beforeScene =
        buildRooflineScene(*comparison_->capture(Side::Before).analysis, beforeOptions, Selection::State{});

    // One axis range for both sides' points.
    double xMin = afterScene.xMin, xMax = afterScene.xMax, yMin = afterScene.yMin, yMax = afterScene.yMax;
    if (!beforeScene.kernels.empty()) {
        xMin = std::min(xMin, beforeScene.xMin);
        xMax = std::max(xMax, beforeScene.xMax);
        yMin = std::min(yMin, beforeScene.yMin);
        yMax = std::max(yMax, beforeScene.yMax);
    }
    plot->xAxis->setRange(xMin, xMax);
    plot->yAxis->setRange(yMin, yMax);
    // BEFORE's points without traffic or work pinned to the shared edges, as AFTER's are.
    auto pinned = [&](const RooflinePointData &p) {
        if (p.pinnedY)
            return QPointF(xMin * 1.6, yMin * 1.6);
        if (p.pinnedX)
            return QPointF(xMax / 1.6, p.y);
        return QPointF(p.x, p.y);
    };

    std::map<Index, const RooflinePointData *> afterPoint;
    for (const RooflinePointData &p : afterScene.kernels)
        afterPoint.emplace(p.target.index, &p);

    if (arrows_ == Arrows::Kernels || arrows_ == Arrows::None) {
        // BEFORE's kernels hollow, in the colours the explorer gives them.
        std::map<uint8_t, QCPGraph *> graphs;
        for (const RooflinePointData &p : beforeScene.kernels) {
            QCPGraph *&g = graphs[p.slot];
            if (!g) {
                g = plot->addGraph();
                g->removeFromLegend();
                g->setLineStyle(QCPGraph::lsNone);
                g->setAdaptiveSampling(false);
                g->setScatterStyle(
                    QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(slotColor(p.slot), 1.5), Qt::NoBrush, 9));
            }
            const QPointF at = pinned(p);
            g->addData(at.x(), at.y());
        }
        for (const RooflinePointData &p : beforeScene.kernels) {
            const int row = comparison_->kernelRowOf(Side::Before, p.target.index);
            if (row < 0)
                continue;
            Pair pair{DiffLevel::Kernel, row, pinned(p), {}, true, false};
            const Index afterKernel = diff.kernels[size_t(row)].afterKernel;
            if (auto it = afterPoint.find(afterKernel); afterKernel != kNoIndex && it != afterPoint.end()) {
                pair.after = QPointF(it->second->x, it->second->y);
                pair.hasAfter = true;
            }
            pairs_.push_back(pair);
        }
    } else {
        for (size_t r = 0; r < diff.operators.size(); ++r) {
            const OperatorDiffRow &row = diff.operators[r];
            std::vector<Index> kernels[2];
            for (int k : row.kernelRows) {
                if (diff.kernels[size_t(k)].beforeKernel != kNoIndex)
                    kernels[0].push_back(diff.kernels[size_t(k)].beforeKernel);
                if (diff.kernels[size_t(k)].afterKernel != kNoIndex)
                    kernels[1].push_back(diff.kernels[size_t(k)].afterKernel);
            }
            const auto before = aggregatePoint(*diff.before, kernels[0], options.level);
            const auto after = aggregatePoint(*diff.after, kernels[1], options.level);
            if (!before && !after)
                continue;
            pairs_.push_back({DiffLevel::Operator, int(r), before.value_or(QPointF()), after.value_or(QPointF()),
                              bool(before), bool(after)});
        }
        // Operator rows: hollow diamonds before, filled after, in the operator's colour.
        const QColor outline = palette().color(QPalette::Text);
        for (const Pair &p : pairs_) {
            const QColor color = colorForName(diff.operators[size_t(p.row)].name);
            for (int side = 0; side < 2; ++side) {
                if (!(side == 0 ? p.hasBefore : p.hasAfter))
                    continue;
                QCPGraph *g = plot->addGraph();
                g->removeFromLegend();
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(side == 0
                                       ? QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(color, 1.5), Qt::NoBrush, 12)
                                       : QCPScatterStyle(QCPScatterStyle::ssDiamond, outline, color, 12));
                const QPointF at = side == 0 ? p.before : p.after;
                g->addData(at.x(), at.y());
            }
        }
    }

    if (arrows_ != Arrows::None) {
        // The largest changes first, when there are more pairs than arrows worth drawing.
        std::vector<const Pair *> drawable;
        for (const Pair &p : pairs_)
            if (p.hasBefore && p.hasAfter && p.before != p.after)
                drawable.push_back(&p);
        auto delta = [&](const Pair *p) {
            return p->level == DiffLevel::Kernel ? diff.kernels[size_t(p->row)].duration.delta()
                                                 : diff.operators[size_t(p->row)].gpuTime.delta();
        };
        if (drawable.size() > kMaxArrows) {
            std::partial_sort(drawable.begin(), drawable.begin() + kMaxArrows, drawable.end(),
                              [&](const Pair *a, const Pair *b) { return std::abs(delta(a)) > std::abs(delta(b)); });
            drawable.resize(kMaxArrows);
        }
        for (const Pair *p : drawable) {
            auto *arrow = new QCPItemLine(plot);
            arrow->start->setCoords(p->before);
            arrow->end->setCoords(p->after);
            QColor ink = diffInk(delta(p), palette());
            ink.setAlpha(210);
            arrow->setPen(QPen(ink, 1.4));
            arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 8, 10));
            ++arrowCount_;
        }
    }
    drawRing();
}

void CompareRoofline::drawRing()
{
    QCustomPlot *plot = view_->plot();
    if (!ring_) {
        ring_ = plot->addGraph();
        ring_->removeFromLegend();
        ring_->setLineStyle(QCPGraph::lsNone);
        ring_->setAdaptiveSampling(false);
        QPen pen(palette().color(QPalette::Highlight), 2.5, Qt::DotLine);
        ring_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, pen, Qt::NoBrush, 24));
    }
    ring_->data()->clear();
    ringedRows_.clear();
    if (comparison_ && !shown_.empty()) {
        // The pairs the selection stands for, at the level the arrows are drawn.
        const DiffLevel level = arrows_ == Arrows::Operators ? DiffLevel::Operator : DiffLevel::Kernel;
        const std::vector<int> rows = relatedRows(*comparison_, shown_.level, shown_.row, level);
        for (const Pair &p : pairs_) {
            if (p.level != level || !p.hasBefore || std::find(rows.begin(), rows.end(), p.row) == rows.end())
                continue;
            ring_->addData(p.before.x(), p.before.y());
            if (level == DiffLevel::Operator && p.hasAfter)
                ring_->addData(p.after.x(), p.after.y());
            ringedRows_.push_back(p.row);
        }
    }
    plot->replot();
}

void CompareRoofline::showSelection(const DiffSelection::State &state)
{
    shown_ = state;
    Selection::State after;
    if (comparison_ && !state.empty()) {
        const ProfileDiff &d = comparison_->diff;
        switch (state.level) {
        case DiffLevel::Kernel:
            after = {Selection::Kind::Kernel, d.kernels[size_t(state.row)].afterKernel};
            break;
        case DiffLevel::Operator:
            if (!d.operators[size_t(state.row)].afterOps.empty())
                after = {Selection::Kind::Operator, d.operators[size_t(state.row)].afterOps.front()};
            break;
        case DiffLevel::Module:
            if (d.modules[size_t(state.row)].afterNode >= 0)
                after = {Selection::Kind::Module, Index(d.modules[size_t(state.row)].afterNode)};
            break;
        }
    }
    syncing_ = true;
    afterSelection_->set(after);
    syncing_ = false;
    drawRing();
}

void CompareRoofline::onAfterSelection()
{
    // A click on one of AFTER's points (the RooflineView's own): select its diff row.
    if (syncing_ || !comparison_)
        return;
    const Selection::State &s = afterSelection_->state();
    switch (s.kind) {
    case Selection::Kind::Kernel:
        if (const int row = comparison_->kernelRowOf(Side::After, s.index); row >= 0)
            emit rowActivated(DiffLevel::Kernel, row);
        break;
    case Selection::Kind::Operator:
        if (const int row = comparison_->operatorRowOf(Side::After, s.index); row >= 0)
            emit rowActivated(DiffLevel::Operator, row);
        break;
    case Selection::Kind::Module:
        if (const int row = comparison_->moduleRowOfNode(Side::After, int(s.index)); row >= 0)
            emit rowActivated(DiffLevel::Module, row);
        break;
    default:
        break;
    }
}

void CompareRoofline::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !comparison_ || view_->pointAt(event->position()))
        return; // AFTER's kernel points are the RooflineView's to pick
    QCustomPlot *plot = view_->plot();
    const Pair *best = nullptr;
    double bestDistance = kPickRadius;
    for (const Pair &p : pairs_)
        for (int side = 0; side < 2; ++side) {
            if (!(side == 0 ? p.hasBefore : p.hasAfter))
                continue;
            const QPointF at = side == 0 ? p.before : p.after;
            const QPointF pixel(plot->xAxis->coordToPixel(at.x()), plot->yAxis->coordToPixel(at.y()));
            const double distance = std::hypot(pixel.x() - event->position().x(), pixel.y() - event->position().y());
            if (distance <= bestDistance) {
                best = &p;
                bestDistance = distance;
            }
        }
    if (best)
        emit rowActivated(best->level, best->row);
}

} // namespace opscope::ui
