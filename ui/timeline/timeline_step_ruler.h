#pragma once
// The step ruler: a band right below the time ruler, fixed while the rows scroll, with a bracket per
// step (TimelineStep: the trace's step ranges and the plain reference steps) and its label, as the
// step markers of Perfetto and Nsight Systems' NVTX ranges show them. A label starts where its step
// comes into sight and ends before the next step starts: it shows whole, else its times alone, else
// cut with an ellipsis, so two labels never overlap. The labelled step is drawn in a warning colour,
// with a warning sign, when the capture slowed it down more than 1.2x. Clicking a step zooms to it.

#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_steps.h"

#include <QColor>
#include <QRect>
#include <QString>

#include <vector>

class QFontMetrics;
class QPainter;
class QPalette;

namespace opscope::ui {

class TimelineStepRuler {
public:
    struct Item {
        size_t step = 0;      // index into the steps given to layout()
        QRect bracket;        // the step's span in the band, clipped to the time area (at least a pixel wide)
        QRect text;           // the room its label has
        QString shown;        // what fits there: the label, its times alone, or elided; empty when nothing does
        bool crowded = false; // stands for several steps drawn in the same bracket (no label, then)
    };

    // Lays out the steps seen in the window of `axis` across `band` (viewport coordinates): an item per
    // step, or one for several steps in the same bracket (steps narrower than a pixel share one).
    void layout(const std::vector<TimelineStep> &steps, const TimelineCoordinates &axis, const QRect &band,
                const QFontMetrics &metrics);
    const std::vector<Item> &items() const { return items_; }
    const QRect &band() const { return band_; }
    // Items whose label layout() measured (the rest had no room): at most one per 2 * kTextPad + 1
    // pixels of the band, however many steps are in sight.
    int labelsMeasured() const { return labelsMeasured_; }

    // The step whose bracket or label is under a viewport point, or -1.
    int stepAt(QPoint pos) const;

    // Draws the band as laid out; `steps` as given to layout().
    void paint(QPainter &painter, const std::vector<TimelineStep> &steps, const QPalette &palette) const;

    // The colour a step's bracket is drawn in.
    static QColor colorOf(const TimelineStep &step, const QPalette &palette);
    static QColor warningColor() { return QColor(0xc0, 0x30, 0x20); } // as the insights pane's overhead line

private:
    std::vector<Item> items_;
    QRect band_;
    int labelsMeasured_ = 0;
};

} // namespace opscope::ui
