#pragma once
// The roofline (QCustomPlot, log-log): the GPU's bandwidth and compute ceilings with labels, every
// kernel with roofline metrics as a point sized by its time and coloured by its module or operator,
// operators or modules as aggregate points on request. Hovering shows a tooltip; clicking a point
// selects it everywhere; the shared selection is ringed. Exports to PNG and PDF.

#include "common/selection.h"
#include "models/roofline_scene.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QMouseEvent;

namespace opscope::ui {

class RooflineView : public QWidget {
    Q_OBJECT
public:
    explicit RooflineView(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void setOptions(const RooflineOptions &options);
    const RooflineOptions &options() const { return options_; }
    // The options with the colouring and precision last chosen, also where the profile shown cannot
    // have them (no modules, no ceiling for that precision): what to remember for the next profile.
    RooflineOptions chosenOptions() const;

    // Writes the chart; a size of 0 takes the widget's (or 1200 x 800 when it has none yet).
    bool savePng(const QString &path, int width = 0, int height = 0);
    bool savePdf(const QString &path, int width = 0, int height = 0);

    QCustomPlot *plot() const { return plot_; }
    const RooflineScene &scene() const { return scene_; }
    // The point drawn nearest to a pixel of the plot, within a few pixels; nullptr for none.
    const RooflinePointData *pointAt(const QPointF &pixel) const;
    QPointF pixelOf(const RooflinePointData &point) const;
    // The ceilings' label items, as placed at the last replot (hidden ones share another's text).
    std::vector<QCPItemText *> ceilingLabelItems() const;
    // The kernels ringed as the selection.
    const std::vector<Index> &highlightedKernels() const { return highlighted_; }
    QString tooltipFor(const RooflinePointData &point) const;

signals:
    void hovered(const QString &tooltip); // empty when the pointer leaves the points
    // The chart was redrawn from scratch (new analysis, options or palette): items added on top of
    // it by others are gone and may be added again.
    void rebuilt();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void followSelection();
    void rebuild();
    void drawCeilings();
    void placeCeilingLabels();
    void drawPoints();
    void drawHighlight();
    void applyPalette();
    void updateChoosers();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    void exportChart();
    double markerSize(double timeNs) const;

    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    RooflineOptions options_;
    ColorMode chosenColorMode_ = ColorMode::Module;
    QString chosenPrecision_; // empty: all precisions
    RooflineScene scene_;
    std::vector<Index> highlighted_;
    QCustomPlot *plot_;
    QCPGraph *highlightGraph_ = nullptr;
    QComboBox *level_, *precision_, *colorBy_, *aggregates_;
    QCheckBox *scope_;
    bool updatingChoosers_ = false;
    bool selectionStale_ = false; // the selection changed while the chart was hidden
    struct CeilingLabel {
        QCPItemText *item;
        double peak;
        bool memory;
        QString text;
    };
    std::vector<CeilingLabel> ceilingLabels_; // of the ceilings drawn, placed by placeCeilingLabels()
};

} // namespace opscope::ui
