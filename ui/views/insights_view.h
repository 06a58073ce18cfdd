#pragma once
// The Insights pane: one item per root cause, sorted by estimated gain, under a header that says what the
// gains are computed on (the plain and the captured step time, the capture's overhead). An item shows its
// title, gain and modules; expanded, its evidence, fix and how the gain was estimated. Clicking an insight
// selects what it is about (its first kernel, operator or module) in every view. An insight whose fix
// the launcher can apply has "Try this fix": `opscope verify` on the run the profile came from, on the
// target it was captured on, with progress and cancel; its measured gain then stands under the
// estimate (and ranks the item, as `opscope insights` does). Without the run folder here, there is no
// button and the header says why.

#include "opscope/insights.h"
#include "opscope/verify.h"

#include <QWidget>

#include <memory>
#include <vector>

class QTreeView;
class QTreeWidget;
class QTreeWidgetItem;
class QLabel;
class QPushButton;

namespace opscope::ui {

class Selection;
class VerifyRunner;
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

    // Try this fix: the button of insight `row` (null where its fix needs a code change, or the run
    // folder is not here), the line that says how the verify goes, its Cancel, and the run folder it
    // runs on (empty: the profile names none that is here).
    QPushButton *tryButton(int row) const;
    QLabel *verifyStatus() const { return verifyStatus_; }
    QPushButton *cancelButton() const { return cancel_; }
    VerifyRunner *verifyRunner() const { return runner_; }
    QString runFolder() const { return run_; }
    // Rounds, steps and warm-up of every verify started here (the tests keep them small); the run and
    // the fix are the button's.
    void setVerifyOptions(const verify::VerifyRequest &options) { verifyOptions_ = options; }
    void tryFix(int row);

private:
    void fill();
    void verifyFinished();

    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::shared_ptr<const InsightReport> report_; // never null
    QTreeWidget *list_;
    QLabel *header_;
    QWidget *verifyBar_;
    QLabel *verifyStatus_;
    QPushButton *cancel_;
    VerifyRunner *runner_;
    verify::VerifyRequest verifyOptions_;
    QString run_; // the run folder of the profile (metadata opscope_run), when it is here
    int tryingRow_ = -1;
    std::string tryingFix_;
};

} // namespace opscope::ui
