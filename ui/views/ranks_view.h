#pragma once
// The per-rank table of a multi-rank profile (ranks.h, docs/ranks.md): compute, communication overlapped
// and exposed, idle, waits and late arrivals per rank, the straggler marked, and below it why the
// straggler is late (its compute before the collectives against the median rank's, per layer group
// and module). Filled from the report the loader computed off the GUI thread. Its Compare row asks for
// two ranks in the compare window (the diff engine, rank against rank: CompareActions).

#include "opscope/ranks.h"
#include "opscope/summary.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace opscope::ui {

class RanksView : public QWidget {
    Q_OBJECT
public:
    // The rank table's columns.
    enum Column {
        RankColumn,
        HostColumn, // shown where the profile names the ranks' hosts
        SpanColumn,
        ComputeColumn,
        OverlappedColumn,
        ExposedColumn,
        CopiesColumn,
        IdleColumn,
        BusyColumn,
        WaitsColumn,
        CollectivesColumn,
        ArrivedLastColumn,
        PlainStepColumn,    // the launcher's plain timing of each rank, where the run has it
        CapturedStepColumn, // and the captured step beside it
        NoteColumn,
        ColumnCount
    };

    explicit RanksView(QWidget *parent = nullptr);
    // `busy`: rankBusy(profile, report), the busy and idle figures the summary shows too.
    void setReport(const RankReport &report, const std::vector<RankBusy> &busy);
    QTableWidget *rankTable() const { return ranks_; }
    QTableWidget *whyTable() const { return why_; }
    QLabel *summary() const { return summary_; }
    // The Compare row: rank A (BEFORE; the median rank when there is a straggler) and rank B (AFTER;
    // the straggler).
    QComboBox *compareBefore() const { return compareBefore_; }
    QComboBox *compareAfter() const { return compareAfter_; }
    QPushButton *compareButton() const { return compareButton_; }

signals:
    void compareRequested(int beforeRank, int afterRank);

private:
    void updateCompareButton();

    QTableWidget *ranks_;
    QComboBox *compareBefore_;
    QComboBox *compareAfter_;
    QPushButton *compareButton_;
    QLabel *summary_;
    QTableWidget *why_;
};

} // namespace opscope::ui
