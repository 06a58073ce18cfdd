// The per-rank table and the straggler's why rows (ranks_view.h).
#include "views/ranks_view.h"
#include "common/qt_text.h"

#include "common/table_export.h"

#include "opscope/format.h"
#include "opscope/module_tree.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope::ui {

namespace {

QTableWidgetItem *cell(const QString &text, bool alignRight = true)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (alignRight)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString durationOneDecimal(int64_t ns)
{
    return toQString(formatFixedDuration(ns, 1, Typography::Unicode));
}

QTableWidget *table(const QStringList &headers, QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

// The last column of a rank's row: the straggler and what the steps lose to it, or the rank that arrived last
// under the capture where the straggler was named otherwise.
QString stragglerNote(const RankReport &report, const RankBreakdown &b)
{
    if (b.rank == report.straggler)
        return report.why.fromPlainWork
                   ? RanksView::tr("straggler by its plain work: without the capture the others would wait %1")
                         .arg(durationOneDecimal(report.why.causedWaitPerStepNs))
                   : RanksView::tr("straggler: the steps lost %1 to it").arg(durationOneDecimal(b.causedStepWaitNs));
    if (b.rank == report.instrumentedLast)
        return RanksView::tr("arrived last under the capture (below)");
    return QString();
}

} // namespace

RanksView::RanksView(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    ranks_ = table({tr("Rank"), tr("Host"), tr("Span"), tr("Compute"), tr("Comm overlapped"), tr("Comm exposed"),
                    tr("Copies"), tr("Idle"), tr("GPU busy"), tr("Waits"), tr("Collectives"), tr("Arrived last"),
                    tr("Plain step"), tr("Captured step"), tr("")},
                   this);
    const QStringList tips = {
        tr("The distributed rank"),
        tr("The host the rank ran on"),
        tr("From the rank's first to its last kernel or collective"),
        tr("Kernels other than collectives, united (overlapping kernels count once)"),
        tr("Communication (collectives) while compute ran"),
        tr("Communication while no compute ran: the time collectives add to the step"),
        tr("Memory copies and sets (memcpy, memset) on the rank's GPUs while no kernel ran"),
        tr("Span minus compute, communication and copies: the GPU had nothing to do"),
        tr("Compute, communication and copies as a share of the span; the summary's \"GPU busy by rank\" is the "
           "same figure"),
        tr("Summed over the rank's collectives: how long it waited for the last rank to arrive"),
        tr("Collectives the rank took part in"),
        tr("Collectives where this rank started last (the others waited for it)"),
        tr("The rank's step timed plainly by the launcher (no labels, no profiler)"),
        tr("The rank's step as the capture's instruments slowed it"),
        tr("The straggler: the rank the others waited for")};
    for (int c = 0; c < ColumnCount; ++c)
        ranks_->horizontalHeaderItem(c)->setToolTip(tips[c]);
    ranks_->setObjectName(QStringLiteral("rankTable"));
    installTableExport(ranks_, QStringLiteral("ranks"));
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    why_ = table(
        {tr("Why the straggler is late: module / layer group"), tr("Straggler"), tr("Median rank"), tr("Ratio")}, this);
    why_->setObjectName(QStringLiteral("whyTable"));
    installTableExport(why_, QStringLiteral("straggler"));
    for (const auto &[c, tip] :
         {std::pair(0, tr("A module, or a group of identical layers, and the work the straggler launched in it before "
                          "the collectives where it arrived last")),
          std::pair(1, tr("The straggler's time in the module before those collectives")),
          std::pair(2, tr("The median rank's time in the module before the same collectives")),
          std::pair(3, tr("The straggler's time over the median rank's"))})
        why_->horizontalHeaderItem(c)->setToolTip(tip);
    auto *compareRow = new QHBoxLayout;
    compareBefore_ = new QComboBox(this);
    compareAfter_ = new QComboBox(this);
    compareButton_ = new QPushButton(tr("Co&mpare"), this);
    compareButton_->setToolTip(tr("Open the two ranks in the compare window: modules, operators and kernels of "
                                  "the second against the first"));
    compareRow->addWidget(new QLabel(tr("Compare rank"), this));
    compareRow->addWidget(compareBefore_);
    compareRow->addWidget(new QLabel(tr("with rank"), this));
    compareRow->addWidget(compareAfter_);
    compareRow->addWidget(compareButton_);
    compareRow->addStretch(1);
    connect(compareBefore_, &QComboBox::currentIndexChanged, this, &RanksView::updateCompareButton);
    connect(compareAfter_, &QComboBox::currentIndexChanged, this, &RanksView::updateCompareButton);
    connect(compareButton_, &QPushButton::clicked, this, [this] {
        emit compareRequested(compareBefore_->currentData().toInt(), compareAfter_->currentData().toInt());
    });
    layout->addWidget(ranks_, 1);
    layout->addWidget(summary_);
    layout->addLayout(compareRow);
    layout->addWidget(why_, 1);
}

void RanksView::updateCompareButton()
{
    compareButton_->setEnabled(compareBefore_->currentIndex() >= 0 && compareAfter_->currentIndex() >= 0 &&
                               compareBefore_->currentData() != compareAfter_->currentData());
}

void RanksView::setReport(const RankReport &report, const std::vector<RankBusy> &busy)
{
    ranks_->setRowCount(0);
    why_->setRowCount(0);
    summary_->clear();
    for (const RankBreakdown &b : report.ranks) {
        const int row = ranks_->rowCount();
        ranks_->insertRow(row);
        const bool straggler = b.rank == report.straggler;
        // Busy as the summary counts it: kernels, collectives and copies (analyzeRanks counts kernels only).
        const auto found = std::find_if(busy.begin(), busy.end(), [&](const RankBusy &r) { return r.rank == b.rank; });
        const RankBusy figures = found != busy.end() ? *found : RankBusy{b.rank, b.spanNs, b.spanNs - b.idleNs, 0};
        const QList<QTableWidgetItem *> cells = {
            cell(b.rank < 0 ? QStringLiteral("-") : QString::number(b.rank)),
            cell(toQString(b.host), false),
            cell(durationOneDecimal(b.spanNs)),
            cell(durationOneDecimal(b.computeNs)),
            cell(durationOneDecimal(b.overlappedCommNs)),
            cell(durationOneDecimal(b.exposedCommNs)),
            cell(durationOneDecimal(figures.copyNs)),
            cell(durationOneDecimal(figures.idleNs())),
            cell(QStringLiteral("%1 %").arg(100.0 * figures.share(), 0, 'f', 1)),
            cell(durationOneDecimal(b.waitNs)),
            cell(QString::number(b.collectives)),
            cell(QString::number(b.arrivedLast)),
            cell(b.plainStepNs > 0 ? durationOneDecimal(b.plainStepNs) : QString()),
            cell(b.capturedStepNs > 0 ? durationOneDecimal(b.capturedStepNs) : QString()),
            cell(stragglerNote(report, b), false)};
        for (int c = 0; c < cells.size(); ++c) {
            if (straggler) {
                QFont f = cells[c]->font();
                f.setBold(true);
                cells[c]->setFont(f);
            }
            ranks_->setItem(row, c, cells[c]);
        }
    }
    // The host and the launcher's timings only where the profile has them (a job's profile, several nodes).
    const auto any = [&](auto has) { return std::any_of(report.ranks.begin(), report.ranks.end(), has); };
    ranks_->setColumnHidden(HostColumn, !any([](const RankBreakdown &b) { return !b.host.empty(); }));
    ranks_->setColumnHidden(PlainStepColumn, !any([](const RankBreakdown &b) { return b.plainStepNs > 0; }));
    ranks_->setColumnHidden(CapturedStepColumn, !any([](const RankBreakdown &b) { return b.capturedStepNs > 0; }));
    ranks_->resizeColumnsToContents();
    const WhyLate &why = report.why;
    // Compare: the straggler against the median rank, else the first two ranks.
    for (QComboBox *box : {compareBefore_, compareAfter_}) {
        const QSignalBlocker quiet(box);
        box->clear();
        for (const RankBreakdown &b : report.ranks)
            box->addItem(QString::number(b.rank), b.rank);
    }
    const int after = why.medianRank >= 0 ? report.straggler : -1;
    compareBefore_->setCurrentIndex(why.medianRank >= 0 ? compareBefore_->findData(why.medianRank) : 0);
    compareAfter_->setCurrentIndex(after >= 0 ? compareAfter_->findData(after)
                                              : std::min(1, compareAfter_->count() - 1));
    updateCompareButton();
    // Which step the figures are of: the plain one is the workload's own pace.
    QString step = report.step == RankStep::Plain
                       ? tr("Read on each rank's plain reference step (no labels, no emit_nvtx).")
                       : tr("Read on the recorded steps, as the capture's instruments slowed them.");
    const RankAlignment &a = report.alignment;
    if (a.bySteps)
        step += " " + (a.steps.size() == 1
                           ? tr("Compared step by step: 1 step two ranks or more recorded (ProfilerStep#N).")
                           : tr("Compared step by step: %1 steps two ranks or more recorded (ProfilerStep#N).")
                                 .arg(a.steps.size()));
    // What was left out of the comparison and why, and a rank's instruments that cost it more: said first.
    for (const std::string &line : a.warnings)
        step += "\n" + tr("Left out: %1").arg(toQString(line));
    for (const std::string &line : report.instrumentCosts)
        step += "\n" + toQString(line);
    if (a.bySteps || !a.warnings.empty() || !report.instrumentCosts.empty())
        step += "\n";
    // Nothing to explain without a straggler: the table goes (its header at the default width cut its
    // long first title to "ler is late: modu").
    why_->setVisible(why.medianRank >= 0);
    if (why.medianRank < 0) {
        const QString none = report.mutualWaits ? tr("No straggler: the ranks made one another wait about as long.")
                             : report.hostsEven
                                 ? tr("No straggler of the job's own work: %1.").arg(toQString(report.stragglerBasis))
                                 : tr("No rank waited for another.");
        summary_->setText(step + " " + (report.straggler < 0 ? none : QString()));
        return;
    }
    QString text =
        step + " " +
        (why.fromPlainWork ? tr("Rank %1 is the straggler by its plain work: before the step's %2 collectives it "
                                "computed %3, rank %4 (the median rank) %5; without the capture the others would wait "
                                "about %6%7 for it.")
                           : tr("Rank %1 is the straggler: before the %2 collectives where it arrived last it computed "
                                "%3, rank %4 (the median rank) %5; the others wait %6%7 for it."))
            .arg(why.straggler)
            .arg(why.collectives)
            .arg(durationOneDecimal(why.stragglerComputeNs))
            .arg(why.medianRank)
            .arg(durationOneDecimal(why.medianComputeNs))
            .arg(durationOneDecimal(why.causedWaitPerStepNs))
            .arg(why.steps ? tr(" per step") : QString());
    if (!why.lateFromCompute())
        text += tr(" It computed no more than rank %1: it is late for time before its kernels start (host work, "
                   "input, or the capture's own instruments), not for its GPU work.")
                    .arg(why.medianRank);
    if (report.instrumentedLast >= 0) { // named by its plain work: another rank arrived last under the capture
        QString basis = toQString(report.stragglerBasis);
        if (!basis.isEmpty())
            basis[0] = basis[0].toUpper();
        text += " " + basis + ".";
    }
    summary_->setText(text);
    // Without module labels, the operators say what the straggler computes more.
    const bool modules = std::any_of(why.modules.begin(), why.modules.end(),
                                     [](const WhyRow &r) { return r.name != "(outside modules)"; });
    why_->setHorizontalHeaderLabels(
        {(modules ? tr("Why rank %1 is late: module / layer group") : tr("Why rank %1 is late: operator"))
             .arg(why.straggler),
         tr("Rank %1").arg(why.straggler), tr("Rank %1").arg(why.medianRank), tr("Ratio")});
    const std::vector<const std::vector<WhyRow> *> lists =
        modules ? std::vector<const std::vector<WhyRow> *>{&why.groups, &why.modules}
                : std::vector<const std::vector<WhyRow> *>{&why.operators};
    for (const std::vector<WhyRow> *rows : lists)
        for (const WhyRow &r : *rows) {
            const int row = why_->rowCount();
            why_->insertRow(row);
            QString name = toQString(r.name.empty() ? modulePathText(r.name, r.className) : r.name);
            if (r.group)
                name += QStringLiteral(" ×%1").arg(r.members);
            why_->setItem(row, 0, cell(name, false));
            why_->setItem(row, 1, cell(durationOneDecimal(r.stragglerNs)));
            why_->setItem(row, 2, cell(durationOneDecimal(r.medianNs)));
            why_->setItem(row, 3, cell(r.ratio() > 0 ? QStringLiteral("%1×").arg(r.ratio(), 0, 'f', 2) : QString("-")));
        }
    why_->resizeColumnsToContents();
}

} // namespace opscope::ui
