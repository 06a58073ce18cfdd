#pragma once
// The Insights pane: what is slow and why, sorted by estimated gain. Clicking an insight selects what
// it is about (its first kernel, operator or module) in every view.

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

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis, std::vector<Insight> insights);
    const std::vector<Insight> &insights() const { return insights_; }
    // Selects what insight `row` is about (also what a click does).
    void activate(int row);
    QTreeWidget *list() const { return list_; }
    // The width an explanation row wraps its text in.
    static int explanationWidth(const QTreeView *view);

private:
    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::vector<Insight> insights_;
    QTreeWidget *list_;
    QLabel *header_;
};

} // namespace opscope::ui
