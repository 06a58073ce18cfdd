// The Memory tab (memory_view.h).
#include "views/memory_view.h"

#include "common/qt_text.h"
#include "common/selection.h"
#include "common/value_format.h"
#include "models/profile_analysis.h"
#include "views/memory_tables.h"

#include "opscope/format.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

QString deviceName(const DeviceMemory &d)
{
    return d.device < 0 ? QObject::tr("Host memory") : QObject::tr("GPU %1").arg(d.device);
}

} // namespace

MemoryView::MemoryView(Selection *selection, QWidget *parent)
    : QWidget(parent), selection_(selection), pages_(new QStackedWidget(this)), empty_(new QLabel(this)),
      devices_(new QComboBox(this)), summary_(new QLabel(this)), scope_(new QLabel(this)),
      showAll_(new QPushButton(tr("Every module"), this)),
      byKind_(new MemoryShareTable(MemoryShareModel::By::Kind, selection, this)),
      byModule_(new MemoryShareTable(MemoryShareModel::By::Module, selection, this)),
      blocks_(new MemoryBlockTable(selection, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);

    empty_->setObjectName(QStringLiteral("memoryEmpty"));
    empty_->setWordWrap(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setTextFormat(Qt::RichText);
    empty_->setText(tr("<p>No memory events in this profile: none of its files recorded the allocator.</p>"
                       "<p>To see where the bytes go, capture with <code>opscope capture SCRIPT</code> (its "
                       "torch.profiler pass records every allocation with <code>profile_memory=True</code>, and "
                       "on CUDA the allocator's history, <code>memory_snapshot.json</code>), or open a "
                       "torch.profiler trace recorded with <code>profile_memory=True</code>, with its "
                       "<code>memory_snapshot.json</code> if there is one. See docs/memory.md.</p>"));
    pages_->addWidget(empty_);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    devices_->setObjectName(QStringLiteral("memoryDevice"));
    summary_->setObjectName(QStringLiteral("memorySummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(devices_);
    top->addWidget(summary_, 1);
    contentLayout->addLayout(top);

    auto *shares = new QSplitter(Qt::Horizontal, content);
    shares->addWidget(byKind_);
    shares->addWidget(byModule_);
    shares->setStretchFactor(0, 2);
    shares->setStretchFactor(1, 3);
    auto *blockPane = new QWidget(content);
    auto *blockLayout = new QVBoxLayout(blockPane);
    blockLayout->setContentsMargins(0, 0, 0, 0);
    scope_->setObjectName(QStringLiteral("memoryScope"));
    scope_->setWordWrap(true);
    auto *scopeLine = new QHBoxLayout;
    scopeLine->addWidget(scope_, 1);
    showAll_->setObjectName(QStringLiteral("memoryShowAll"));
    showAll_->hide(); // while a module filters the blocks
    showAll_->setToolTip(tr("Clear the selection: the blocks of every module"));
    scopeLine->addWidget(showAll_);
    blockLayout->addLayout(scopeLine);
    blockLayout->addWidget(blocks_, 1);
    auto *split = new QSplitter(Qt::Vertical, content);
    split->addWidget(shares);
    split->addWidget(blockPane);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    contentLayout->addWidget(split, 1);
    pages_->addWidget(content);

    connect(devices_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            setDevice(index);
    });
    connect(blocks_, &MemoryBlockTable::filterChanged, this, &MemoryView::updateScope);
    connect(selection_, &Selection::changed, this, &MemoryView::updateScope);
    connect(showAll_, &QPushButton::clicked, selection_, &Selection::clear);
}

bool MemoryView::hasMemory() const
{
    return report_ && !report_->devices.empty();
}

void MemoryView::setReport(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report)
{
    analysis_ = std::move(analysis);
    report_ = std::move(report);
    blocks_->setReport(analysis_, report_);
    {
        const QSignalBlocker block(devices_);
        devices_->clear();
        if (report_)
            for (const DeviceMemory &d : report_->devices)
                devices_->addItem(deviceName(d));
    }
    devices_->setVisible(devices_->count() > 1);
    pages_->setCurrentIndex(hasMemory() ? 1 : 0);
    device_ = -1;
    setDevice(0);
}

void MemoryView::setDevice(int device)
{
    if (!hasMemory() || device < 0 || size_t(device) >= report_->devices.size()) {
        summary_->clear();
        byKind_->setDevice(analysis_, report_, -1);
        byModule_->setDevice(analysis_, report_, -1);
        updateScope();
        return;
    }
    if (device == device_)
        return;
    device_ = device;
    {
        const QSignalBlocker block(devices_);
        devices_->setCurrentIndex(device);
    }
    const DeviceMemory &d = report_->devices[size_t(device)];
    summary_->setProperty("peakAllocated", qlonglong(d.peak_allocated));
    summary_->setProperty("peakReserved", qlonglong(d.peak_reserved));
    QString text = tr("<b>%1</b>: peak <b>%2</b> allocated").arg(deviceName(d), formatBytesExact(d.peak_allocated));
    if (d.peak_reserved > 0)
        text += tr(", %1 reserved; fragmentation (reserved − allocated at the peak) %2")
                    .arg(formatBytesExact(d.peak_reserved), formatBytesExact(d.peak_reserved - d.peak_allocated));
    else
        text += tr("; no reserved total in this source");
    text += tr(", at %1").arg(toQString(formatTimestamp(d.peak_time_ns - analysis_->timeOrigin)));
    if (d.unseen_at_peak > 0)
        text += tr(". %1 of it was allocated before the trace").arg(formatBytes(double(d.unseen_at_peak)));
    text += tr(". %1 allocations, %2 frees; %3 blocks alive at the peak.")
                .arg(formatCount(double(d.allocations)), formatCount(double(d.frees)),
                     formatCount(double(d.alive_at_peak.size())));
    summary_->setText(text);
    byKind_->setDevice(analysis_, report_, device);
    byModule_->setDevice(analysis_, report_, device);
    blocks_->setDevice(device);
    updateScope();
}

void MemoryView::updateScope()
{
    if (!hasMemory() || !analysis_) {
        scope_->clear();
        showAll_->hide();
        return;
    }
    const MemoryBlockModel *model = blocks_->model();
    const MemoryBlockModel::Filter &f = model->filter();
    const QString which = f.peakOnly ? tr("alive at the peak") : tr("of the trace");
    QString text = tr("%1 blocks %2, %3").arg(formatCount(model->rowCount()), which, formatBytes(model->bytesShown()));
    if (f.node >= 0 && size_t(f.node) < analysis_->tree.nodes.size()) {
        // The module's share of the peak: its row and those below it in the by-module table.
        const MemoryShareModel *shares = byModule_->model();
        int64_t held = 0;
        for (int r = 0; r < shares->rowCount(); ++r)
            if (const int node = shares->nodeAt(r); node >= 0 && analysis_->tree.contains(f.node, node))
                held += shares->shareAt(r).bytes;
        text += tr(", of %1 and the modules below it, which hold %2 at the peak (the module selected in any "
                   "view)")
                    .arg(toQString(analysis_->tree.nodes[size_t(f.node)].displayName()), formatBytesExact(held));
        scope_->setProperty("moduleBytes", qlonglong(held));
        showAll_->show();
    } else {
        showAll_->hide();
        scope_->setProperty("moduleBytes", QVariant());
    }
    scope_->setText(text);
}

} // namespace opscope::ui
