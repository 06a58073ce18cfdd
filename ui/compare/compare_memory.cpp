// The compare window's Memory tab (compare_memory.h).
#include "compare/compare_memory.h"

#include "common/table_export.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "compare/diff_colors.h"
#include "models/model_roles.h"
#include "opscope/format.h"

#include <QBrush>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdlib>

namespace opscope::ui {

namespace {

// "+1.61 GB", "−932 MB", "0 B"
QString bytesDeltaText(int64_t delta)
{
    if (delta == 0)
        return formatBytes(0);
    return (delta > 0 ? QStringLiteral("+") : QString(QChar(0x2212))) + formatBytes(double(std::abs(delta)));
}

QString deviceText(int32_t device)
{
    if (device == -1)
        return QObject::tr("no memory events");
    return device < 0 ? QObject::tr("host memory") : QObject::tr("GPU %1").arg(device);
}

} // namespace

DiffMemoryModel::DiffMemoryModel(By by, QObject *parent) : QAbstractTableModel(parent), by_(by) {}

void DiffMemoryModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    endResetModel();
}

const MemoryDiff *DiffMemoryModel::memory() const
{
    return comparison_ && comparison_->diff.memory.present ? &comparison_->diff.memory : nullptr;
}

MemoryDiffRow DiffMemoryModel::rowAt(int row) const
{
    const MemoryDiff *m = memory();
    if (!m || row < 0 || row >= rowCount())
        return {};
    switch (by_) {
    case By::Peak:
        if (row == 0)
            return {tr("Peak allocated").toStdString(), {}, false, m->peakBefore, m->peakAfter};
        return {tr("Peak reserved").toStdString(), {}, false, m->reservedBefore, m->reservedAfter};
    case By::Kind:
        return m->byKind[size_t(row)];
    case By::Module:
        return m->byModule[size_t(row)];
    }
    return {};
}

int DiffMemoryModel::rowCount(const QModelIndex &parent) const
{
    const MemoryDiff *m = memory();
    if (parent.isValid() || !m)
        return 0;
    switch (by_) {
    case By::Peak:
        return 2;
    case By::Kind:
        return int(m->byKind.size());
    case By::Module:
        return int(m->byModule.size());
    }
    return 0;
}

int DiffMemoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffMemoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MemoryDiffRow r = rowAt(index.row());
    const int64_t delta = r.after - r.before;
    const MemoryDiff &m = *memory();
    // The colour reference: the larger peak, as the time tables size theirs on the step's GPU time.
    const int64_t reference = std::max({m.peakBefore, m.peakAfter, int64_t(1)});
    const int column = index.column();
    QString name = toQString(r.name);
    if (by_ == By::Module && r.name.empty())
        name = QStringLiteral("[%1]").arg(toQString(r.className));
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return name;
        case BeforeColumn:
            return formatBytes(double(r.before));
        case AfterColumn:
            return formatBytes(double(r.after));
        case DeltaColumn:
            return bytesDeltaText(delta);
        case RatioColumn:
            return toQString(formatRatio(r.before, r.after, Typography::Unicode));
        }
        return {};
    case SortRole:
        switch (column) {
        case NameColumn:
            return name;
        case BeforeColumn:
            return double(r.before);
        case AfterColumn:
            return double(r.after);
        case DeltaColumn:
            return double(delta);
        case RatioColumn:
            return r.before == 0 ? QVariant() : QVariant(double(r.after) / double(r.before));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == NameColumn)
            return {};
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (column == DeltaColumn || column == RatioColumn)
            if (const QColor tint = diffTint(delta, reference, QGuiApplication::palette()); tint.isValid())
                return QBrush(tint);
        return {};
    case Qt::ToolTipRole: {
        QString tip = name;
        if (!r.className.empty() && !r.name.empty())
            tip += QStringLiteral(" (%1)").arg(toQString(r.className));
        if (r.phase)
            tip += QLatin1Char('\n') + tr("A phase of the step, outside every module");
        return tip + QLatin1Char('\n') +
               tr("before %1\nafter %2\ndelta %3, ratio %4")
                   .arg(formatBytesExact(r.before), formatBytesExact(r.after), bytesDeltaText(delta),
                        toQString(formatRatio(r.before, r.after, Typography::Unicode)));
    }
    }
    return {};
}

QVariant DiffMemoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return by_ == By::Peak ? tr("Peak") : by_ == By::Kind ? tr("Kind") : tr("Module at the peak");
        case BeforeColumn:
            return tr("Before");
        case AfterColumn:
            return tr("After");
        case DeltaColumn:
            return tr("Delta");
        case RatioColumn:
            return tr("Ratio");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return by_ == By::Peak   ? tr("The peak figure: allocated or reserved bytes at the device's peak")
                   : by_ == By::Kind ? tr("What the blocks alive at the peak hold")
                                     : tr("The module whose operators allocated the blocks alive at the peak");
        case BeforeColumn:
            return tr("Bytes at BEFORE's peak on its primary device");
        case AfterColumn:
            return tr("Bytes at AFTER's peak on its primary device");
        case DeltaColumn:
            return tr("After − before: negative is less memory (green), positive more (red)");
        case RatioColumn:
            return tr("After / before: 0.5× holds half the bytes");
        }
    }
    return {};
}

CompareMemory::CompareMemory(QWidget *parent)
    : QWidget(parent), pages_(new QStackedWidget(this)), empty_(new QLabel(this)), devices_(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);

    empty_->setObjectName(QStringLiteral("compareMemoryEmpty"));
    empty_->setWordWrap(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setTextFormat(Qt::RichText);
    empty_->setText(tr("<p>No memory events in either profile: none of their files recorded the allocator.</p>"
                       "<p>To compare where the bytes go, capture both with <code>opscope capture SCRIPT</code> "
                       "(its torch.profiler pass records every allocation with <code>profile_memory=True</code>, "
                       "and on CUDA the allocator's history, <code>memory_snapshot.json</code>), or compare "
                       "torch.profiler traces recorded with <code>profile_memory=True</code>, with their "
                       "<code>memory_snapshot.json</code> if there is one. See docs/memory.md.</p>"));
    pages_->addWidget(empty_);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    devices_->setObjectName(QStringLiteral("compareMemoryDevices"));
    devices_->setWordWrap(true);
    contentLayout->addWidget(devices_);
    const char *titles[] = {QT_TR_NOOP("Peaks"), QT_TR_NOOP("At the peak, by kind"),
                            QT_TR_NOOP("At the peak, by module")};
    for (int i = 0; i < 3; ++i) {
        models_[i] = new DiffMemoryModel(DiffMemoryModel::By(i), this);
        views_[i] = new QTreeView(content);
        views_[i]->setModel(models_[i]);
        views_[i]->setRootIsDecorated(false);
        views_[i]->setUniformRowHeights(true);
        views_[i]->setAlternatingRowColors(true);
        views_[i]->header()->setStretchLastSection(false);
        views_[i]->header()->setSectionResizeMode(DiffMemoryModel::NameColumn, QHeaderView::Stretch);
        installTableExport(views_[i], QStringLiteral("compare-memory"));
        auto *title = new QLabel(QStringLiteral("<b>%1</b>").arg(tr(titles[i])), content);
        contentLayout->addWidget(title);
        contentLayout->addWidget(views_[i], i == 0 ? 0 : 1);
    }
    views_[0]->setObjectName(QStringLiteral("compareMemoryPeaks"));
    views_[1]->setObjectName(QStringLiteral("compareMemoryByKind"));
    views_[2]->setObjectName(QStringLiteral("compareMemoryByModule"));
    views_[0]->setMaximumHeight(views_[0]->header()->sizeHint().height() + 3 * views_[0]->fontMetrics().height() + 16);
    pages_->addWidget(content);
}

bool CompareMemory::hasMemory() const
{
    return comparison_ && comparison_->diff.memory.present;
}

void CompareMemory::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    for (DiffMemoryModel *model : models_)
        model->setComparison(comparison_);
    if (hasMemory()) {
        const MemoryDiff &m = comparison_->diff.memory;
        devices_->setText(tr("Before: %1, peak %2 allocated. After: %3, peak %4 allocated.")
                              .arg(deviceText(m.deviceBefore), formatBytesExact(m.peakBefore),
                                   deviceText(m.deviceAfter), formatBytesExact(m.peakAfter)));
        for (QTreeView *view : views_)
            for (int c = DiffMemoryModel::BeforeColumn; c < DiffMemoryModel::ColumnCount; ++c)
                view->resizeColumnToContents(c);
    } else {
        devices_->clear();
    }
    pages_->setCurrentIndex(hasMemory() ? 1 : 0);
}

} // namespace opscope::ui
