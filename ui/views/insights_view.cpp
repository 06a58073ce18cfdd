#include "views/insights_view.h"
#include "common/qt_text.h"

#include "common/selection.h"
#include "common/shares.h"
#include "common/table_export.h"
#include "common/theme.h"
#include "common/value_format.h"
#include "models/profile_analysis.h"
#include "opscope/file_util.h"
#include "opscope/format.h"
#include "opscope/measured_gains.h"
#include "opscope/metadata_keys.h"
#include "views/verify_runner.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope::ui {

namespace {

// An insight's explanation is its child row, spanning every column. QTreeView sizes a row from its
// columns' own widths, so the wrapped explanation got the height for the narrow first column and
// ended in "...": size it for the width it is painted in.
class ExplanationDelegate : public QStyledItemDelegate {
public:
    explicit ExplanationDelegate(QTreeView *view) : QStyledItemDelegate(view), view_(view) {}

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!index.parent().isValid())
            return QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem spanned = option;
        // A few pixels narrower than painted: a paragraph that just fits must not lose its last line.
        spanned.rect = QRect(0, 0, InsightsView::explanationWidth(view_) - 8, 1);
        return QStyledItemDelegate::sizeHint(spanned, index);
    }

private:
    QTreeView *view_;
};

} // namespace

int InsightsView::explanationWidth(const QTreeView *view)
{
    // drawRow() paints a spanned row from its indentation (one level below a top-level row, whose
    // branch is decorated) to the end of the header.
    const int indentation = view->indentation() * (view->rootIsDecorated() ? 2 : 1);
    return std::max(40, view->header()->length() - indentation);
}

InsightsView::InsightsView(Selection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), report_(std::make_shared<const InsightReport>()),
      list_(new QTreeWidget(this)), header_(new QLabel(this)), verifyBar_(new QWidget(this)),
      verifyStatus_(new QLabel(verifyBar_)), cancel_(new QPushButton(tr("Cancel"), verifyBar_)),
      runner_(new VerifyRunner(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header_->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(header_);
    // How a "Try this fix" goes: the round it is in, then what it measured (or why it failed).
    auto *bar = new QHBoxLayout(verifyBar_);
    bar->setContentsMargins(4, 0, 4, 0);
    verifyStatus_->setWordWrap(true);
    verifyStatus_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(verifyStatus_, 1);
    bar->addWidget(cancel_);
    cancel_->hide();
    verifyBar_->hide();
    layout->addWidget(verifyBar_);
    layout->addWidget(list_);
    connect(cancel_, &QPushButton::clicked, runner_, &VerifyRunner::cancel);
    connect(runner_, &VerifyRunner::progressed, verifyStatus_, &QLabel::setText);
    connect(runner_, &VerifyRunner::finished, this, &InsightsView::verifyFinished);
    list_->setColumnCount(5);
    list_->setHeaderLabels(
        {tr("Severity"), tr("Est. gain (%1)").arg(shareOfStepLabel()), tr("Insight"), tr("Modules"), QString()});
    const QStringList tips = {
        tr("How much the insight matters: high, medium or low"),
        tr("The step time the fix saves in a what-if replay of the step; in brackets, %1").arg(shareOfStepToolTip()),
        tr("The root cause; expand it for the evidence, the fix and how the gain was estimated"),
        tr("The modules it is about"), tr("Try this fix: opscope verify times the step with and without it")};
    for (int c = 0; c < tips.size(); ++c)
        list_->headerItem()->setToolTip(c, tips[c]);
    list_->setRootIsDecorated(true);
    list_->setWordWrap(true);
    list_->setUniformRowHeights(false);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    list_->setItemDelegate(new ExplanationDelegate(list_));
    installTableExport(list_, QStringLiteral("insights"));
    // A wider or narrower list wraps the explanations anew (queued: the layout resizes sections itself).
    connect(list_->header(), &QHeaderView::sectionResized, list_, &QTreeView::doItemsLayout, Qt::QueuedConnection);
    connect(list_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        QTreeWidgetItem *top = item->parent() ? item->parent() : item;
        activate(list_->indexOfTopLevelItem(top));
    });
}

QString InsightsView::detailText(const Insight &i)
{
    QStringList parts;
    for (const std::string &e : i.evidence)
        parts << QStringLiteral("\u2022 ") + toQString(e);
    if (!i.fix.empty())
        parts << tr("Fix: %1").arg(toQString(i.fix));
    if (!i.gainModel.empty())
        parts << tr("Estimated gain: %1: %2")
                     .arg(toQString(describeInsightGain(i, Typography::Unicode)), toQString(i.gainModel));
    QStringList modules;
    for (size_t m = 0; m < i.modules.size() && m < 12; ++m)
        modules << toQString(i.modules[m]);
    if (i.modules.size() > 12)
        modules << tr("and %n more", nullptr, int(i.modules.size() - 12));
    if (!modules.isEmpty())
        parts << tr("Modules: %1").arg(modules.join(QStringLiteral(", ")));
    return parts.join(QLatin1Char('\n'));
}

void InsightsView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis, InsightReport report)
{
    setAnalysis(std::move(analysis), std::make_shared<const InsightReport>(std::move(report)));
}

void InsightsView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis,
                               std::shared_ptr<const InsightReport> report)
{
    analysis_ = std::move(analysis);
    report_ = report ? std::move(report) : std::make_shared<const InsightReport>();
    // The run the profile came from, when its folder is here: Try this fix runs on it.
    run_.clear();
    if (analysis_ && analysis_->profile)
        if (const std::string *run = analysis_->profile->metadataValue(kOpScopeRunKey);
            run && fileExists(*run + "/manifest.json"))
            run_ = toQString(*run);
    if (!runner_->isRunning()) {
        tryingRow_ = -1;
        verifyBar_->hide();
    }
    fill();
}

void InsightsView::fill()
{
    const InsightReport &r = *report_;
    list_->clear();
    // What the gains are on: the plain and captured step times, the overhead (said when above 1.2x).
    QStringList lines;
    for (const std::string &line : describeInsightStep(r, Typography::Unicode))
        lines << line.c_str();
    const QString count = r.insights.empty()
                              ? tr("No insight fired: nothing stands out in this profile.")
                              : tr("%n insight(s), one per root cause, the largest estimated gain first. Click one "
                                   "to select what it is about.",
                                   nullptr, int(r.insights.size()));
    QString html;
    for (int n = 0; n < lines.size(); ++n) {
        const QString escaped = lines[n].toHtmlEscaped();
        // The overhead sentence stands out: every time in the capture is inflated by it.
        const bool overhead = !r.overheadNote.empty() && lines[n] == toQString(r.overheadNote);
        html +=
            (overhead ? QStringLiteral("<b style=\"color:%2\">%1</b>")
                            .arg(escaped,
                                 readableOn(QColor(0xc0, 0x30, 0x20), palette().color(QPalette::Window), 4.5).name())
                      : escaped) +
            QStringLiteral("<br>");
    }
    const bool tryable =
        std::any_of(r.insights.begin(), r.insights.end(), [](const Insight &i) { return !i.verifyFix.empty(); });
    QString noRun;
    if (tryable && run_.isEmpty())
        noRun = QStringLiteral("<br>") +
                tr("Fixes the launcher can apply are measured with opscope verify on the run folder the profile came "
                   "from (opscope capture or profile), which is not on this machine.")
                    .toHtmlEscaped();
    header_->setText(html + count.toHtmlEscaped() + noRun);
    list_->setColumnHidden(4, run_.isEmpty() || !tryable);
    for (const Insight &i : r.insights) {
        auto *item = new QTreeWidgetItem(list_);
        item->setText(0, toQString(toString(i.severity)));
        // Never a gain of 0 for a fix that saves GPU time: without a plain timing, the GPU time it saves; the
        // whole sentence in the tooltip and the explanation.
        QString gain;
        if (i.gainBasis == GainBasis::Replayed || i.estimatedBytesSaved > 0)
            gain =
                QStringLiteral("%1 (%2)").arg(toQString(formatFixedDuration(i.estimatedGainNs, 1, Typography::Unicode)),
                                              formatPercent(100.0 * i.gainShareOfStep));
        else if (i.gainBasis == GainBasis::NoPlainTiming && i.gpuTimeSavedNs > 0)
            gain = tr("? (%1 GPU)").arg(toQString(formatFixedDuration(i.gpuTimeSavedNs, 1, Typography::Unicode)));
        else
            gain = tr("not estimated");
        item->setToolTip(1, toQString(describeInsightGain(i, Typography::Unicode)));
        // What `opscope verify` measured stands under the estimate.
        if (i.measured) {
            gain += QLatin1Char('\n') +
                    (i.measured->significant ? tr("measured %1 \u00b1 %2") : tr("no gain: %1 \u00b1 %2"))
                        .arg(toQString(formatFixedDuration(i.measured->gainNs, 1, Typography::Unicode)),
                             toQString(formatFixedDuration(i.measured->spreadNs, 1, Typography::Unicode)));
            item->setToolTip(1, toQString(describeMeasuredGain(*i.measured, Typography::Unicode)));
        } else if (list_->topLevelItemCount() - 1 == tryingRow_) {
            gain += QLatin1Char('\n') + tr("measuring\u2026");
        }
        item->setText(1, gain);
        item->setText(2, toQString(i.title));
        QStringList modules;
        for (size_t m = 0; m < i.modules.size() && m < 3; ++m)
            modules << toQString(i.modules[m]);
        if (i.modules.size() > 3)
            modules << tr("%n more", nullptr, int(i.modules.size() - 3));
        item->setText(3, modules.join(QStringLiteral(", ")));
        const QString detail = detailText(i);
        // The whole title (a narrow column cuts it) and what it means.
        item->setToolTip(2, toQString(i.title) + QStringLiteral("\n\n") + detail);
        const QColor colour = readableOn(i.severity == Severity::High     ? QColor(0xd0, 0x40, 0x30)
                                         : i.severity == Severity::Medium ? QColor(0xd0, 0x90, 0x20)
                                                                          : palette().color(QPalette::Text),
                                         palette().color(QPalette::Base), 4.5);
        item->setForeground(0, colour);
        auto *child = new QTreeWidgetItem(item);
        child->setFirstColumnSpanned(true);
        child->setText(0, detail);
        const int row = list_->indexOfTopLevelItem(item);
        if (i.verifyFix.empty() || run_.isEmpty())
            continue;
        auto *button = new QPushButton(i.measured ? tr("Try again") : tr("Try this fix"), list_);
        button->setObjectName(QStringLiteral("tryFix%1").arg(row));
        const QString fix = toQString(i.verifyFix);
        button->setEnabled(!runner_->isRunning());
        button->setToolTip(tr("Apply %1 without editing the script and time it against the original on %2 "
                              "(opscope verify %3 --fix %1)")
                               .arg(fix, VerifyRunner::targetOf(run_), run_));
        connect(button, &QPushButton::clicked, this, [this, row] { tryFix(row); });
        list_->setItemWidget(item, 4, button);
    }
    list_->resizeColumnToContents(0);
    list_->resizeColumnToContents(1);
    list_->resizeColumnToContents(3);
    list_->setColumnWidth(3, std::min(list_->columnWidth(3), 220));
    list_->resizeColumnToContents(4);
}

QPushButton *InsightsView::tryButton(int row) const
{
    QTreeWidgetItem *item = list_->topLevelItem(row);
    return item ? qobject_cast<QPushButton *>(list_->itemWidget(item, 4)) : nullptr;
}

void InsightsView::tryFix(int row)
{
    if (row < 0 || size_t(row) >= report_->insights.size() || run_.isEmpty() || runner_->isRunning())
        return;
    const Insight &i = report_->insights[size_t(row)];
    if (i.verifyFix.empty())
        return;
    verify::VerifyRequest request = verifyOptions_;
    request.run = run_.toStdString();
    request.fixes = {i.verifyFix};
    request.insight.reset();
    request.profile = false;
    tryingRow_ = row;
    tryingFix_ = i.verifyFix;
    verifyStatus_->setText(
        tr("Trying %1 on %2: both workloads start\u2026").arg(toQString(i.verifyFix), VerifyRunner::targetOf(run_)));
    verifyBar_->show();
    cancel_->show();
    runner_->start(std::move(request));
    fill();
}

void InsightsView::verifyFinished()
{
    cancel_->hide();
    const VerifyRunner::Outcome &o = runner_->outcome();
    const QString fix = toQString(tryingFix_);
    tryingRow_ = -1;
    if (o.cancelled) {
        verifyStatus_->setText(tr("%1: cancelled").arg(fix));
    } else if (!o.error.isEmpty()) {
        verifyStatus_->setText(tr("%1 could not be measured: %2").arg(fix, o.error));
    } else {
        // The measurement joins the profile's others: the items measured are ranked by it.
        auto report = std::make_shared<InsightReport>(*report_);
        std::vector<nlohmann::json> results;
        if (analysis_ && analysis_->profile)
            results = storedVerifyResults(*analysis_->profile);
        for (const Insight &i : report->insights) // measured since the profile was loaded
            if (i.measured)
                results.push_back(measuredGainJson(*i.measured));
        results.push_back(nlohmann::json::parse(verify::resultToJson(o.result).dump()));
        attachMeasuredGains(*report, results);
        int64_t estimated = 0;
        for (const Insight &i : report->insights)
            if (i.verifyFix == tryingFix_)
                estimated = i.estimatedGainNs;
        verifyStatus_->setText(tr("%1: %2, against an estimate of %3. Outputs: %4")
                                   .arg(fix, toQString(describeMeasuredGain(o.result.gain, Typography::Unicode)),
                                        toQString(formatFixedDuration(estimated, 1, Typography::Unicode)),
                                        toQString(o.result.outputs.note)));
        report_ = std::move(report);
    }
    fill();
}

void InsightsView::activate(int row)
{
    if (row < 0 || size_t(row) >= report_->insights.size() || !analysis_)
        return;
    const Insight &i = report_->insights[size_t(row)];
    if (!i.kernels.empty())
        selection_->setKernel(i.kernels.front());
    else if (!i.operators.empty())
        selection_->setOperator(i.operators.front());
    else if (!i.modules.empty()) {
        const int node = analysis_->tree.find(i.modules.front());
        if (node >= 0)
            selection_->setModule(node);
    }
}

} // namespace opscope::ui
