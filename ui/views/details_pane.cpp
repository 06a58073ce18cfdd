// The Details pane (details_pane.h).
#include "views/details_pane.h"

#include "common/kernel_description.h"
#include "common/qt_text.h"
#include "common/shares.h"
#include "common/value_format.h"
#include "models/profile_analysis.h"
#include "models/profile_loader.h"
#include "timeline/timeline_model.h"

#include "opscope/format.h"
#include "opscope/ranks.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMimeData>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QToolTip>

namespace opscope::ui {

namespace {

constexpr int kNameLines = 3; // a long name takes at most this many lines of the pane

} // namespace

DetailsPane::DetailsPane(Selection *selection, QWidget *parent) : QTextBrowser(parent), selection_(selection)
{
    setOpenLinks(false);
    connect(selection_, &Selection::changed, this, &DetailsPane::refresh);
}

void DetailsPane::setCapture(std::shared_ptr<const LoadedCapture> capture)
{
    capture_ = std::move(capture);
    refresh();
}

QString DetailsPane::fullNameOf(const QString &shown) const
{
    const auto it = elided_.find(shown);
    return it == elided_.end() ? QString() : it->second;
}

QString DetailsPane::nameHtml(const QString &name, int lines)
{
    const int width = std::max(80, viewport()->width() - 2 * int(document()->documentMargin()) - 8);
    QFont bold = font();
    bold.setBold(true);
    const QString shown = QFontMetrics(bold).elidedText(name, Qt::ElideRight, width * lines - width / 4);
    const QString anchor = QStringLiteral("name:%1").arg(fullNames_.size());
    fullNames_[anchor] = name;
    if (shown != name)
        elided_[shown] = name;
    return QStringLiteral("<a href=\"%1\">%2</a>").arg(anchor, shown.toHtmlEscaped());
}

QString DetailsPane::collectiveTwinsHtml(Index kernel) const
{
    // A collective of a job with ranks: where the same collective ran on the other ranks (the timeline
    // outlines them), its start against this one's: the rank that starts last makes the others wait.
    const std::vector<EventRef> twins = capture_->timeline->sameCollectiveOnOtherRanks({EventKind::Kernel, kernel});
    if (twins.empty())
        return {};
    const Profile &p = *capture_->profile;
    const Kernel &mine = p.kernels[kernel];
    QString html = tr("<p><b>The same collective on the other ranks</b></p><table>");
    for (const EventRef &twin : twins) {
        if (twin.kind != EventKind::Kernel)
            continue;
        const Kernel &k = p.kernels[twin.index];
        const int64_t lead = k.start_ns - mine.start_ns;
        const QString start = lead == 0  ? tr("starts together")
                              : lead > 0 ? tr("starts %1 later").arg(formatDuration(double(lead)))
                                         : tr("starts %1 earlier").arg(formatDuration(double(-lead)));
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2, lasts %3</td></tr>")
                    .arg(tr("Rank %1").arg(rankOfDevice(p, k.device)), start, formatDuration(double(k.duration())));
    }
    return html + QStringLiteral("</table>");
}

QString DetailsPane::kernelHtml(Index kernel)
{
    const Profile &p = *capture_->profile;
    const std::vector<KernelFact> facts = describeKernel(p, kernel, capture_->analysis->timeOrigin);
    selectedName_ = facts.empty() ? QString() : facts.front().value; // the full name comes first
    QString html = QStringLiteral("<h3>%1 %2</h3><table>").arg(tr("Kernel"), nameHtml(selectedName_, kNameLines));
    // The timeline's tooltip says the same (describeKernel); times from the origin the ruler and the
    // tables share. The name, already in the heading, is not repeated whole.
    for (size_t f = 1; f < facts.size(); ++f)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(facts[f].key.toHtmlEscaped(), facts[f].value.toHtmlEscaped());
    html += QStringLiteral("</table>") + collectiveTwinsHtml(kernel);
    html += tr("<p><small>Start and end count from the profile's first event, the zero of the timeline's "
               "ruler (%1 ns on the capture's clock).</small></p>")
                .arg(capture_->analysis->timeOrigin);
    return html;
}

QString DetailsPane::sharesHtml(int64_t gpuTime) const
{
    // Both denominators, each named (common/shares.h).
    QStringList shares;
    if (const int64_t stepGpu = capture_->analysis->tree.stepGpuTime; stepGpu > 0)
        shares << tr("%1 %2 (%3)")
                      .arg(formatPercent(100.0 * double(gpuTime) / double(stepGpu)), shareOfGpuTimeLabel().mid(2),
                           formatDuration(double(stepGpu)));
    if (const int64_t step = capture_->insights.timing.step_ns; step > 0)
        shares << tr("%1 %2 (%3)")
                      .arg(formatPercent(100.0 * double(gpuTime) / double(step)), shareOfStepLabel().mid(2),
                           formatDuration(double(step)));
    return shares.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(shares.join(QStringLiteral("; ")));
}

void DetailsPane::refresh()
{
    fullNames_.clear();
    elided_.clear();
    selectedName_.clear();
    laidOutWidth_ = viewport()->width();
    // Names are anchors (for their tooltips), not links: they read as the text around them, in either theme.
    document()->setDefaultStyleSheet(
        QStringLiteral("a { text-decoration: none; color: %1; }").arg(palette().color(QPalette::Text).name()));
    if (!capture_) {
        clear();
        return;
    }
    const Profile &p = *capture_->profile;
    const Selection::State &s = selection_->state();
    QString html;
    if (s.kind == Selection::Kind::Kernel && s.index < p.kernels.size()) {
        html = kernelHtml(s.index);
    } else if (s.kind != Selection::Kind::None) {
        selectedName_ = capture_->analysis->describe(s);
        html = QStringLiteral("<h3>%1</h3>").arg(nameHtml(selectedName_, kNameLines));
        int64_t time = 0;
        const std::vector<Index> kernels = capture_->analysis->kernelsOf(s);
        for (Index k : kernels)
            time += p.kernels[k].duration();
        html += tr("<p>%1 kernels, %2 of GPU time in the captured step.</p>")
                    .arg(kernels.size())
                    .arg(toQString(formatFixedDuration(time, 2, Typography::Unicode)));
        html += sharesHtml(time);
        if (s.kind == Selection::Kind::Operator && !s.allCalls && s.index < p.operators.size()) {
            const auto instant = [&](int64_t ns) {
                return toQString(formatTimestamp(ns - capture_->analysis->timeOrigin));
            };
            html += tr("<p>This call: start %1, end %2.</p>")
                        .arg(instant(p.operators[s.index].start_ns), instant(p.operators[s.index].end_ns));
        }
    } else {
        html = QStringLiteral("<h3>%1</h3>").arg(capture_->analysis->describe(s).toHtmlEscaped()) +
               tr("<p>Select a kernel, operator or module in any view.</p>");
    }
    setHtml(html);
}

bool DetailsPane::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto it = fullNames_.find(anchorAt(help->pos()));
        if (it != fullNames_.end()) {
            QToolTip::showText(help->globalPos(), it->second, viewport());
            return true;
        }
        QToolTip::hideText();
    }
    return QTextBrowser::viewportEvent(event);
}

QString DetailsPane::copiedText() const
{
    // A copy gives the names whole, not as they were elided for the pane.
    QString text = textCursor().selection().toPlainText();
    for (const auto &[shown, full] : elided_)
        text.replace(shown, full);
    return text;
}

QMimeData *DetailsPane::createMimeDataFromSelection() const
{
    auto *data = new QMimeData;
    data->setText(copiedText());
    return data;
}

void DetailsPane::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu *menu = createStandardContextMenu(event->pos());
    if (!selectedName_.isEmpty()) {
        menu->addSeparator();
        const QString name = selectedName_;
        menu->addAction(tr("Copy &Name"), this, [name] { QApplication::clipboard()->setText(name); });
    }
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

void DetailsPane::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh();
}

void DetailsPane::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    // The names are elided for a width: a pane made wider or narrower shows them anew.
    if (std::abs(viewport()->width() - laidOutWidth_) > 24 && capture_)
        refresh();
}

} // namespace opscope::ui
