#pragma once
// The Insights pane: one item per root cause, sorted by estimated gain, under a header that says what the
// gains are computed on (the plain and the captured step time, the capture's overhead). An item shows its
// title, gain and modules; expanded, its evidence, fix and how the gain was estimated. Clicking an insight
// selects what it is about (its first kernel, operator or module) in every view.

#include "opscope/insights.h"

#include <QWidget>

#include <memory>
#include <vector>

class QTreeView;
class QTreeWidget;
class QTreeWidgetItem;
class QLabel;

namespace opscope::ui {

class Selection;
struct ProfileAnalysis;

class InsightsView : public QWidget {
    Q_OBJECT
public:
    explicit InsightsView(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis, InsightReport report);
    // The same without a copy: a big capture's report holds the step's timing per kernel (a copy on
    // the GUI thread cost 100 ms at 238 K kernels). Null: no insights.
    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const InsightReport> report);
    const std::vector<Insight> &insights() const { return report_->insights; }
    const InsightReport &report() const { return *report_; }
    QLabel *header() const { return header_; }
    // What an expanded insight shows: its evidence, fix and gain model, one paragraph each.
    static QString detailText(const Insight &insight);
    // Selects what insight `row` is about (also what a click does).
    void activate(int row);
    QTreeWidget *list() const { return list_; }
    // The width an explanation row wraps its text in.
    static int explanationWidth(const QTreeView *view);

private:
    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::shared_ptr<const InsightReport> report_; // never null
    QTreeWidget *list_;
    QLabel *header_;
};

} // namespace opscope::ui
