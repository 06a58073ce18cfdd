#pragma once
// The per-rank table of a multi-rank profile (ranks.h, docs/ranks.md): compute, communication overlapped
// and exposed, idle, waits and late arrivals per rank, the straggler marked, and below it why the
// straggler is late (its compute before the collectives against the median rank's, per layer group
// and module). Filled from the report the loader computed off the GUI thread.

#include "opscope/ranks.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace opscope::ui {

class RanksView : public QWidget {
    Q_OBJECT
public:
    explicit RanksView(QWidget *parent = nullptr);
    void setReport(const RankReport &report);
    QTableWidget *rankTable() const { return ranks_; }
    QTableWidget *whyTable() const { return why_; }
    QLabel *summary() const { return summary_; }

private:
    QTableWidget *ranks_;
    QLabel *summary_;
    QTableWidget *why_;
};

} // namespace opscope::ui
