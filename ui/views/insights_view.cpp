#include "views/insights_view.h"

#include "models/profile_analysis.h"
#include "models/value_format.h"
#include "opscope/format.h"
#include "selection.h"

#include <QHeaderView>
#include <QLabel>
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
      list_(new QTreeWidget(this)), header_(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header_->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(header_);
    layout->addWidget(list_);
    list_->setColumnCount(4);
    list_->setHeaderLabels({tr("Severity"), tr("Est. gain"), tr("Insight"), tr("Modules")});
    list_->setRootIsDecorated(true);
    list_->setWordWrap(true);
    list_->setUniformRowHeights(false);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    list_->setItemDelegate(new ExplanationDelegate(list_));
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
        parts << QStringLiteral("\u2022 ") + QString::fromStdString(e);
    if (!i.fix.empty())
        parts << tr("Fix: %1").arg(QString::fromStdString(i.fix));
    if (!i.gainModel.empty())
        parts << tr("Estimated gain: %1").arg(QString::fromStdString(i.gainModel));
    QStringList modules;
    for (size_t m = 0; m < i.modules.size() && m < 12; ++m)
        modules << QString::fromStdString(i.modules[m]);
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
        const bool overhead = !r.overheadNote.empty() && lines[n] == QString::fromStdString(r.overheadNote);
        html += (overhead ? QStringLiteral("<b style=\"color:#c03020\">%1</b>") : QStringLiteral("%1")).arg(escaped) +
                QStringLiteral("<br>");
    }
    header_->setText(html + count.toHtmlEscaped());
    for (const Insight &i : r.insights) {
        auto *item = new QTreeWidgetItem(list_);
        item->setText(0, QString::fromUtf8(toString(i.severity)));
        item->setText(1, QStringLiteral("%1 (%2)").arg(
                             QString::fromStdString(formatFixedDuration(i.estimatedGainNs, 1, Typography::Unicode)),
                             formatPercent(100.0 * i.gainShareOfStep)));
        item->setText(2, QString::fromStdString(i.title));
        QStringList modules;
        for (size_t m = 0; m < i.modules.size() && m < 3; ++m)
            modules << QString::fromStdString(i.modules[m]);
        if (i.modules.size() > 3)
            modules << tr("%n more", nullptr, int(i.modules.size() - 3));
        item->setText(3, modules.join(QStringLiteral(", ")));
        const QString detail = detailText(i);
        // The whole title (a narrow column cuts it) and what it means.
        item->setToolTip(2, QString::fromStdString(i.title) + QStringLiteral("\n\n") + detail);
        QColor colour = i.severity == Severity::High     ? QColor(0xd0, 0x40, 0x30)
                        : i.severity == Severity::Medium ? QColor(0xd0, 0x90, 0x20)
                                                         : palette().color(QPalette::Text);
        item->setForeground(0, colour);
        auto *child = new QTreeWidgetItem(item);
        child->setFirstColumnSpanned(true);
        child->setText(0, detail);
    }
    list_->resizeColumnToContents(0);
    list_->resizeColumnToContents(1);
    list_->resizeColumnToContents(3);
    list_->setColumnWidth(3, std::min(list_->columnWidth(3), 220));
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
