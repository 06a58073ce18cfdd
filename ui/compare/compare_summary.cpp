#include "compare/compare_summary.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "compare/diff_cells.h"
#include "compare/diff_colors.h"
#include "opscope/format.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>

#include <algorithm>

namespace opscope::ui {

namespace {

QString pairText(int64_t before, int64_t after)
{
    return QStringLiteral("%1 → %2").arg(formatDuration(double(before)), formatDuration(double(after)));
}

} // namespace

CompareSummary::CompareSummary(QWidget *parent)
    : QWidget(parent), headline_(new QLabel(this)), figures_(new QLabel(this)), improved_(new QLabel(this)),
      regressed_(new QLabel(this))
{
    QFont big = headline_->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    headline_->setFont(big);
    headline_->setTextFormat(Qt::RichText);
    figures_->setWordWrap(true);
    for (QLabel *list : {improved_, regressed_}) {
        list->setTextFormat(Qt::RichText);
        list->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        list->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
        connect(list, &QLabel::linkActivated, this, &CompareSummary::activateLink);
    }
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(headline_, 0, 0, 1, 2);
    layout->addWidget(figures_, 1, 0, 1, 2);
    layout->addWidget(improved_, 2, 0);
    layout->addWidget(regressed_, 2, 1);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(1, 1);
    // As tall as its text, never squeezed by the views below: the lists are the way in.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    refresh();
}

void CompareSummary::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    improvements_.clear();
    regressions_.clear();
    speedup_ = comparison_ ? comparison_->speedup() : 0;
    if (comparison_) {
        // Every operator row takes part, added and removed ones too (new work is a regression,
        // work that went away an improvement).
        const auto &rows = comparison_->diff.operators;
        std::vector<int> order(rows.size());
        for (size_t r = 0; r < rows.size(); ++r)
            order[r] = int(r);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return rows[size_t(a)].gpuTime.delta() < rows[size_t(b)].gpuTime.delta();
        });
        for (int r : order)
            if (rows[size_t(r)].gpuTime.delta() < 0 && improvements_.size() < kTopRows)
                improvements_.push_back(r);
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            if (rows[size_t(*it)].gpuTime.delta() > 0 && regressions_.size() < kTopRows)
                regressions_.push_back(*it);
    }
    refresh();
}

QString CompareSummary::headline() const
{
    return headline_->text();
}

QString CompareSummary::figures() const
{
    return figures_->text();
}

void CompareSummary::activateLink(const QString &link)
{
    const QStringList parts = link.split(QLatin1Char(':'));
    bool ok = false;
    const int row = parts.value(1).toInt(&ok);
    if (parts.size() == 2 && ok && parts[0] == QLatin1String("operator"))
        emit rowActivated(DiffLevel::Operator, row);
}

QString CompareSummary::listHtml(const std::vector<int> &rows, const QString &title) const
{
    QString html = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
    if (rows.empty())
        return html + QStringLiteral("<br><i>%1</i>").arg(tr("none"));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    for (int r : rows) {
        const OperatorDiffRow &row = comparison_->diff.operators[size_t(r)];
        QString name = operatorRowName(row);
        if (row.module >= 0)
            name = toQString(comparison_->diff.modules[size_t(row.module)].path) + QLatin1Char(' ') + name;
        if (row.status != DiffStatus::Matched)
            name += QStringLiteral(" (%1)").arg(statusText(row.status));
        const QColor ink = diffInk(row.gpuTime.delta(), palette());
        html += QStringLiteral("<tr><td><a href=\"operator:%1\">%2</a></td>"
                               "<td align=\"right\">&nbsp;&nbsp;<span style=\"color:%3\">%4</span></td>"
                               "<td align=\"right\">&nbsp;&nbsp;%5</td></tr>")
                    .arg(r)
                    .arg(name.toHtmlEscaped(), ink.name(), deltaText(row.gpuTime.delta()).toHtmlEscaped(),
                         ratioText(row.gpuTime).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

void CompareSummary::refresh()
{
    if (!comparison_) {
        headline_->setText(tr("No comparison"));
        figures_->setText(tr("File > Compare... picks a BEFORE and an AFTER profile; File > Open as Baseline... "
                             "compares the open profile against another one."));
        improved_->clear();
        regressed_->clear();
        return;
    }
    const DiffTotals &t = comparison_->diff.totals;
    QString verdict;
    int64_t direction = 0;
    if (speedup_ <= 0) {
        verdict = tr("no GPU time after");
    } else if (speedup_ >= 1) {
        verdict = tr("%1 faster").arg(toQString(formatFactor(speedup_, Typography::Unicode)));
        direction = speedup_ > 1 ? -1 : 0;
    } else {
        verdict = tr("%1 slower").arg(toQString(formatFactor(1 / speedup_, Typography::Unicode)));
        direction = 1;
    }
    headline_->setText(tr("Step GPU time %1 &nbsp; <span style=\"color:%2\">%3</span>")
                           .arg(pairText(t.stepGpuTime.before, t.stepGpuTime.after).toHtmlEscaped(),
                                diffInk(direction, palette()).name(), verdict.toHtmlEscaped()));
    headline_->setToolTip(tr("All kernels of the captured step; speedup = before / after"));
    QStringList parts;
    parts << tr("Kernels %1").arg(countPairText(t.kernels));
    parts << tr("GPU busy %1").arg(pairText(t.gpuBusy.before, t.gpuBusy.after));
    parts << tr("GPU idle %1").arg(pairText(t.gpuIdle.before, t.gpuIdle.after));
    if (t.unattributedKernels.before || t.unattributedKernels.after)
        parts << tr("unattributed %1").arg(pairText(t.unattributedTime.before, t.unattributedTime.after));
    // Each count says what it counts: "added 0 / 0 / 313" left the reader to guess.
    const auto rows = [this](size_t modules, size_t operators, size_t kernels) {
        return tr("%1 modules, %2 operator rows, %3 kernels").arg(modules).arg(operators).arg(kernels);
    };
    parts << tr("matched %1").arg(rows(t.matchedModules, t.matchedOperatorRows, t.matchedKernels));
    parts << tr("added (after only) %1").arg(rows(t.addedModules, t.addedOperatorRows, t.addedKernels));
    parts << tr("removed (before only) %1").arg(rows(t.removedModules, t.removedOperatorRows, t.removedKernels));
    if (t.outsideKernels.before || t.outsideKernels.after)
        parts << tr("outside the step, not compared: %1 kernels").arg(countPairText(t.outsideKernels));
    // Two generation set-ups: the plain requests' time to first token, per output token and tokens per second.
    for (const GenerationDiffRow &g : comparison_->diff.generation.figures) {
        if (!g.inBefore || !g.inAfter)
            continue;
        if (g.name == "ttft")
            parts << tr("time to first token %1").arg(pairText(int64_t(g.before), int64_t(g.after)));
        else if (g.name == "tpot_median")
            parts << tr("per output token %1").arg(pairText(int64_t(g.before), int64_t(g.after)));
        else if (g.name == "tokens_per_s")
            parts << tr("tokens/s %1 → %2").arg(g.before, 0, 'f', 1).arg(g.after, 0, 'f', 1);
    }
    figures_->setText(parts.join(QStringLiteral("  ·  ")));
    improved_->setText(listHtml(improvements_, tr("Largest improvements")));
    regressed_->setText(listHtml(regressions_, tr("Largest regressions")));
    updateGeometry();
}

void CompareSummary::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh(); // the ink colours follow the palette
}

} // namespace opscope::ui
