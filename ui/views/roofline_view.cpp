#include "views/roofline_view.h"

#include "common/qt_text.h"
#include "common/theme.h"
#include "common/value_format.h"
#include "opscope/module_tree.h"

// QCustomPlot still uses foreach (as Hotspot notes).
#undef QT_NO_FOREACH
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope::ui {

namespace {

constexpr double kSizes[] = {6, 9, 13, 18}; // marker diameters by time bucket, pixels

QSharedPointer<QCPAxisTickerLog> logTicker()
{
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    return ticker;
}

void setupLogAxis(QCPAxis *axis, const QString &label)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(logTicker());
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
    axis->setLabel(label);
}

} // namespace

RooflineView::RooflineView(Selection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), plot_(new QCustomPlot(this)), level_(new QComboBox(this)),
      precision_(new QComboBox(this)), colorBy_(new QComboBox(this)), aggregates_(new QComboBox(this)),
      scope_(new QCheckBox(tr("Selection only"), this))
{
    colorBy_->addItem(tr("Colour by module"), int(ColorMode::Module));
    colorBy_->addItem(tr("Colour by operator"), int(ColorMode::Operator));
    aggregates_->addItem(tr("Kernels only"), int(RooflineAggregates::None));
    aggregates_->addItem(tr("+ operators"), int(RooflineAggregates::Operators));
    aggregates_->addItem(tr("+ modules"), int(RooflineAggregates::Modules));
    scope_->setToolTip(tr("Show only the kernels of the selected operator, module or group"));
    auto *exportButton = new QPushButton(tr("Export..."), this);

    auto *controls = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{level_, precision_, colorBy_, aggregates_, scope_})
        controls->addWidget(w);
    controls->addStretch(1);
    controls->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(plot_, 1);

    setupLogAxis(plot_->xAxis, tr("Arithmetic intensity (FLOP/byte)"));
    setupLogAxis(plot_->yAxis, tr("Performance (FLOP/s)"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    plot_->setMouseTracking(true);
    applyPalette();

    auto readChoosers = [this] {
        if (updatingChoosers_)
            return;
        RooflineOptions o = options_;
        o.level = MemoryLevel(level_->currentData().toInt());
        o.precision = precision_->currentData().toString();
        o.colorMode = ColorMode(colorBy_->currentData().toInt());
        o.aggregates = RooflineAggregates(aggregates_->currentData().toInt());
        o.scopeToSelection = scope_->isChecked();
        setOptions(o);
    };
    for (QComboBox *box : {level_, precision_, colorBy_, aggregates_})
        connect(box, &QComboBox::currentIndexChanged, this, readChoosers);
    connect(scope_, &QCheckBox::toggled, this, readChoosers);
    connect(exportButton, &QPushButton::clicked, this, &RooflineView::exportChart);
    connect(plot_, &QCustomPlot::mouseMove, this, &RooflineView::onMouseMove);
    connect(plot_, &QCustomPlot::mousePress, this, &RooflineView::onMousePress);
    // Labels are placed in pixels, once the layout of each replot is known (a resize changes the slope).
    connect(plot_, &QCustomPlot::afterLayout, this, &RooflineView::placeCeilingLabels);
    connect(selection_, &Selection::changed, this, &RooflineView::followSelection);
}

void RooflineView::followSelection()
{
    // Behind another tab the chart waits to be seen: ringing a module's kernels reads every one of them.
    if (!isVisible()) {
        selectionStale_ = true;
        return;
    }
    selectionStale_ = false;
    if (options_.scopeToSelection)
        rebuild();
    else
        drawHighlight();
    plot_->replot();
}

void RooflineView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (selectionStale_)
        followSelection();
}

void RooflineView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    // The colouring and precision chosen last, where this profile has them: colour by operator when
    // there are no modules to colour by, all precisions when it has no ceiling for the chosen one.
    const bool hasModules = analysis_ && !analysis_->tree.nodes.empty();
    options_.colorMode = hasModules ? chosenColorMode_ : ColorMode::Operator;
    options_.precision =
        analysis_ && rooflinePrecisions(*analysis_).contains(chosenPrecision_) ? chosenPrecision_ : QString();
    updateChoosers();
    rebuild();
}

void RooflineView::setOptions(const RooflineOptions &options)
{
    // A change is a choice; a value setAnalysis had to fall back from stays chosen for the next profile.
    if (options.colorMode != options_.colorMode)
        chosenColorMode_ = options.colorMode;
    if (options.precision != options_.precision)
        chosenPrecision_ = options.precision;
    options_ = options;
    updateChoosers();
    rebuild();
}

RooflineOptions RooflineView::chosenOptions() const
{
    RooflineOptions chosen = options_;
    chosen.colorMode = chosenColorMode_;
    chosen.precision = chosenPrecision_;
    return chosen;
}

void RooflineView::updateChoosers()
{
    updatingChoosers_ = true;
    level_->clear();
    precision_->clear();
    precision_->addItem(tr("All precisions"), QString());
    if (analysis_) {
        for (int l = 0; l < 3; ++l)
            if (analysis_->ceilings.memory[l].present)
                level_->addItem(tr("%1 intensity").arg(QLatin1String(toString(MemoryLevel(l)).data())), l);
        for (const QString &p : rooflinePrecisions(*analysis_))
            precision_->addItem(p, p);
    }
    if (level_->count() == 0)
        level_->addItem(tr("DRAM intensity"), int(MemoryLevel::Dram));
    level_->setCurrentIndex(std::max(0, level_->findData(int(options_.level))));
    precision_->setCurrentIndex(std::max(0, precision_->findData(options_.precision)));
    colorBy_->setCurrentIndex(colorBy_->findData(int(options_.colorMode)));
    aggregates_->setCurrentIndex(aggregates_->findData(int(options_.aggregates)));
    scope_->setChecked(options_.scopeToSelection);
    updatingChoosers_ = false;
}

double RooflineView::markerSize(double timeNs) const
{
    if (scene_.maxTimeNs <= 0)
        return kSizes[0];
    // Area grows with time; a few buckets keep it to a few graphs per colour.
    const int bucket = std::min(3, int(std::sqrt(std::max(0.0, timeNs / scene_.maxTimeNs)) * 4.0));
    return kSizes[bucket];
}

void RooflineView::rebuild()
{
    plot_->clearPlottables();
    plot_->clearItems();
    ceilingLabels_.clear();
    highlightGraph_ = nullptr;
    scene_ = analysis_ ? buildRooflineScene(*analysis_, options_, selection_->state()) : RooflineScene{};
    plot_->xAxis->setLabel(
        tr("Arithmetic intensity (FLOP per %1 byte)").arg(QLatin1String(toString(options_.level).data())));
    plot_->yAxis->setLabel(options_.precision.isEmpty() ? tr("Performance (FLOP/s)")
                                                        : tr("%1 performance (FLOP/s)").arg(options_.precision));
    plot_->xAxis->setRange(scene_.xMin, scene_.xMax);
    plot_->yAxis->setRange(scene_.yMin, scene_.yMax);
    drawCeilings();
    drawPoints();
    drawHighlight();
    if (!scene_.emptyReason.isEmpty() || !analysis_) {
        auto *text = new QCPItemText(plot_);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        text->setText(analysis_ ? scene_.emptyReason : tr("No profile"));
        text->setColor(palette().color(QPalette::PlaceholderText));
    }
    plot_->replot();
    emit rebuilt();
}

void RooflineView::drawCeilings()
{
    ceilingLabels_.clear();
    double topPeak = 0, topBandwidth = 0;
    for (const RooflineCeiling &c : scene_.ceilings)
        (c.memory ? topBandwidth : topPeak) = std::max(c.memory ? topBandwidth : topPeak, c.peak);
    const QColor ink = palette().color(QPalette::Text);
    for (const RooflineCeiling &c : scene_.ceilings) {
        QCPGraph *g = plot_->addGraph();
        g->removeFromLegend();
        g->setAdaptiveSampling(false);
        QPen pen(ink, c.chosen ? 2.0 : 1.2,
                 c.chosen || (!c.memory && options_.precision.isEmpty()) ? Qt::SolidLine : Qt::DashLine);
        if (c.memory && !c.chosen)
            pen.setColor(readableOn(palette().color(QPalette::Mid), palette().color(QPalette::Base)));
        g->setPen(pen);
        auto *label = new QCPItemText(plot_);
        label->setText(c.label);
        label->setColor(pen.color());
        label->setFont(QFont(font().family(), font().pointSize() - 1));
        label->setPadding(QMargins(2, 0, 2, 2));
        if (c.memory) { // y = bandwidth x, up to where it meets the highest compute roof
            const double xEnd = topPeak > 0 ? topPeak / c.peak : scene_.xMax;
            g->setData({scene_.xMin, xEnd}, {c.peak * scene_.xMin, c.peak * xEnd}, true);
        } else { // flat from where the fastest memory roof meets it
            const double xStart = topBandwidth > 0 ? c.peak / topBandwidth : scene_.xMin;
            g->setData({xStart, scene_.xMax}, {c.peak, c.peak}, true);
        }
        ceilingLabels_.push_back({label, c.peak, c.memory, c.label});
    }
}

std::vector<QCPItemText *> RooflineView::ceilingLabelItems() const
{
    std::vector<QCPItemText *> items;
    for (const CeilingLabel &l : ceilingLabels_)
        items.push_back(l.item);
    return items;
}

void RooflineView::placeCeilingLabels()
{
    // Each label sits on its own line, along it: a flat roof's at the right end, a slanted roof's turned to
    // its slope near the left edge, so no line runs through a label. Roofs closer than a line of text (FP64
    // and FP32 on an H100) share one label.
    const QRect rect = plot_->axisRect()->rect();
    if (rect.width() < 20 || rect.height() < 20 || ceilingLabels_.empty())
        return;
    const double decadesX = std::log10(scene_.xMax / scene_.xMin), decadesY = std::log10(scene_.yMax / scene_.yMin);
    // A slope-1 line of the log-log chart, on screen (y grows downwards).
    const double slope = (rect.height() / decadesY) / (rect.width() / decadesX);
    const double angle = -std::atan(slope) * 180.0 / M_PI;
    const double lineHeight = QFontMetricsF(ceilingLabels_.front().item->font()).height() + 2;
    for (const bool memory : {false, true}) {
        std::vector<CeilingLabel *> labels;
        for (CeilingLabel &l : ceilingLabels_)
            if (l.memory == memory)
                labels.push_back(&l);
        std::sort(labels.begin(), labels.end(),
                  [](const CeilingLabel *a, const CeilingLabel *b) { return a->peak > b->peak; });
        CeilingLabel *shown = nullptr;
        QStringList texts;
        for (CeilingLabel *l : labels) {
            // Between two parallel roofs, across them: the vertical gap (flat) or the perpendicular one.
            const double gap = shown ? std::log10(shown->peak / l->peak) / decadesY * rect.height() *
                                           (memory ? std::cos(std::atan(slope)) : 1.0)
                                     : 1e9;
            if (gap < lineHeight) {
                texts << l->text;
                shown->item->setText(texts.join(QStringLiteral(" · ")));
                l->item->setVisible(false);
                continue;
            }
            shown = l;
            texts = {l->text};
            l->item->setVisible(true);
            l->item->setText(l->text);
            if (memory) {
                const double x = scene_.xMin * std::pow(10.0, decadesX * 0.03);
                l->item->position->setCoords(x, l->peak * x);
                l->item->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
                l->item->setRotation(angle);
            } else {
                l->item->position->setCoords(scene_.xMax, l->peak);
                l->item->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
                l->item->setRotation(0);
            }
        }
    }
}

void RooflineView::drawPoints()
{
    // One graph per (colour, size bucket): ~10k points stay a few dozen graphs.
    std::map<std::pair<int, int>, QCPGraph *> graphs;
    std::map<int, QStringList> namesOfSlot;
    const QColor outline = palette().color(QPalette::Text);
    auto graphFor = [&](uint8_t slot, double size, bool aggregate) {
        const int bucket = aggregate ? 100 : int(size);
        QCPGraph *&g = graphs[{slot, bucket}];
        if (!g) {
            g = plot_->addGraph();
            g->setLineStyle(QCPGraph::lsNone);
            g->setAdaptiveSampling(false); // scatter: sampling would drop outliers
            QColor fill = slotColor(slot, palette().color(QPalette::Base));
            fill.setAlpha(aggregate ? 230 : 200);
            g->setScatterStyle(QCPScatterStyle(aggregate ? QCPScatterStyle::ssDiamond : QCPScatterStyle::ssDisc,
                                               aggregate ? outline : fill.darker(140), fill, size));
            g->removeFromLegend();
        }
        return g;
    };
    for (const RooflinePointData &p : scene_.kernels) {
        graphFor(p.slot, markerSize(p.timeNs), false)->addData(p.x, p.y);
        QStringList &names = namesOfSlot[p.slot];
        // The neutral colour stands for kernels without an owner: its entry says so.
        const QString key = !p.colorKey.isEmpty()                     ? p.colorKey
                            : options_.colorMode == ColorMode::Module ? tr("(no module)")
                                                                      : tr("(no operator)");
        if (!names.contains(key))
            names << key;
    }
    for (const RooflinePointData &p : scene_.aggregates)
        graphFor(p.slot, 14, true)->addData(p.x, p.y);
    // Legend: one entry per colour, naming what it stands for.
    for (const auto &[slot, names] : namesOfSlot) {
        QCPGraph *g = plot_->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc,
                                           slotColor(uint8_t(slot), palette().color(QPalette::Base)),
                                           slotColor(uint8_t(slot), palette().color(QPalette::Base)), 8));
        QString text = names.mid(0, 3).join(QStringLiteral(", "));
        if (names.size() > 3)
            text += tr(" +%1").arg(names.size() - 3);
        g->setName(text);
    }
    plot_->legend->setVisible(!namesOfSlot.empty());
}

void RooflineView::drawHighlight()
{
    if (highlightGraph_)
        plot_->removeGraph(highlightGraph_);
    highlightGraph_ = plot_->addGraph();
    highlightGraph_->removeFromLegend();
    highlightGraph_->setLineStyle(QCPGraph::lsNone);
    highlightGraph_->setAdaptiveSampling(false);
    highlightGraph_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette().color(QPalette::Highlight), 2.5), Qt::NoBrush, 24));
    highlighted_.clear();
    if (!analysis_)
        return;
    const Selection::State &state = selection_->state();
    const std::vector<Index> kernels = analysis_->kernelsOf(state); // in index order
    for (const RooflinePointData &p : scene_.kernels)
        if (std::binary_search(kernels.begin(), kernels.end(), p.target.index)) {
            highlightGraph_->addData(p.x, p.y);
            highlighted_.push_back(p.target.index);
        }
    for (const RooflinePointData &p : scene_.aggregates)
        if (p.target.kind == state.kind && p.target.index == state.index)
            highlightGraph_->addData(p.x, p.y);
}

QPointF RooflineView::pixelOf(const RooflinePointData &point) const
{
    return {plot_->xAxis->coordToPixel(point.x), plot_->yAxis->coordToPixel(point.y)};
}

const RooflinePointData *RooflineView::pointAt(const QPointF &pixel) const
{
    const RooflinePointData *best = nullptr;
    double bestDistance = 0;
    auto consider = [&](const RooflinePointData &p, double radius) {
        const QPointF d = pixelOf(p) - pixel;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= radius && (!best || distance < bestDistance)) {
            best = &p;
            bestDistance = distance;
        }
    };
    for (const RooflinePointData &p : scene_.aggregates) // drawn on top
        consider(p, 10);
    if (best)
        return best;
    for (const RooflinePointData &p : scene_.kernels)
        consider(p, std::max(6.0, markerSize(p.timeNs) / 2 + 3));
    return best;
}

QString RooflineView::tooltipFor(const RooflinePointData &point) const
{
    const Profile &p = *analysis_->profile;
    QString head = point.label;
    if (point.target.kind == Selection::Kind::Kernel) {
        const Kernel &k = p.kernels[point.target.index];
        head = toQString(p.kernelDisplayName(point.target.index));
        if (k.op < p.operators.size())
            head += QLatin1Char('\n') + tr("operator %1").arg(toQString(p.text(p.operators[k.op].name)));
        if (k.module < p.modules.size())
            head += QLatin1Char('\n') + tr("module %1").arg(toQString(modulePathText(p, k.module)));
    }
    QString text = head + QLatin1Char('\n') + tr("time %1").arg(formatDuration(point.timeNs));
    text += QLatin1Char('\n') + (point.pinnedY ? tr("no floating-point work (drawn at the bottom edge)")
                                               : tr("%1 achieved").arg(formatFlops(point.y)));
    if (!point.pinnedY)
        text += QLatin1Char('\n') +
                (point.pinnedX
                     ? tr("no %1 traffic (drawn at the right edge)").arg(QLatin1String(toString(options_.level).data()))
                     : tr("%1 intensity").arg(formatIntensity(point.x)));
    return text;
}

void RooflineView::onMouseMove(QMouseEvent *event)
{
    const RooflinePointData *p = analysis_ ? pointAt(event->position()) : nullptr;
    const QString text = p ? tooltipFor(*p) : QString();
    if (p)
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    else
        QToolTip::hideText();
    emit hovered(text);
}

void RooflineView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !analysis_)
        return;
    if (const RooflinePointData *p = pointAt(event->position()))
        selection_->set(p->target);
}

bool RooflineView::savePng(const QString &path, int width, int height)
{
    const bool sized = plot_->width() > 50 && isVisible();
    return plot_->savePng(path, width ? width : sized ? 0 : 1200, height ? height : sized ? 0 : 800);
}

bool RooflineView::savePdf(const QString &path, int width, int height)
{
    const bool sized = plot_->width() > 50 && isVisible();
    return plot_->savePdf(path, width ? width : sized ? 0 : 1200, height ? height : sized ? 0 : 800);
}

void RooflineView::exportChart()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export roofline"), QStringLiteral("roofline.png"),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (!path.isEmpty())
        path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? savePdf(path) : savePng(path);
}

void RooflineView::applyPalette()
{
    const QPalette pal = palette();
    const QColor ink = pal.color(QPalette::Text);
    plot_->setBackground(pal.brush(QPalette::Base));
    for (QCPAxis *axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(ink));
        axis->setTickPen(QPen(ink));
        axis->setSubTickPen(QPen(ink));
        axis->setTickLabelColor(ink);
        axis->setLabelColor(ink);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
        axis->grid()->setSubGridVisible(false);
    }
    plot_->legend->setBrush(pal.brush(QPalette::Base));
    plot_->legend->setTextColor(ink);
    plot_->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
}

void RooflineView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        rebuild(); // ceilings and rings take their colours from the palette too
    }
}

} // namespace opscope::ui
