#include "models/counter_model.h"

#include "models/model_roles.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <cmath>

namespace opscope::ui {

// internalId: 0 for a section row, section + 1 for an entry row.

CounterModel::CounterModel(QObject *parent) : QAbstractItemModel(parent) {}

void CounterModel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    show(Selection::State{});
}

void CounterModel::show(const Selection::State &state)
{
    beginResetModel();
    shown_ = state;
    sections_.clear();
    kernels_.clear();
    if (analysis_)
        sections_ = buildCounterSections(*analysis_, state, kernels_);
    endResetModel();
}

QModelIndex CounterModel::indexOf(Quantity quantity, int column) const
{
    for (size_t s = 0; s < sections_.size(); ++s)
        for (size_t r = 0; r < sections_[s].entries.size(); ++r)
            if (sections_[s].entries[r].quantity == int(quantity))
                return createIndex(int(r), column, quintptr(s + 1));
    return {};
}

QModelIndex CounterModel::indexOfRawMetric(const QString &name, int column) const
{
    for (size_t s = 0; s < sections_.size(); ++s) {
        if (!sections_[s].raw)
            continue;
        for (size_t r = 0; r < sections_[s].entries.size(); ++r)
            if (sections_[s].entries[r].name == name)
                return createIndex(int(r), column, quintptr(s + 1));
    }
    return {};
}

QModelIndex CounterModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return size_t(row) < sections_.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.column() != 0)
        return {};
    const size_t section = size_t(parent.row());
    if (size_t(row) >= sections_[section].entries.size())
        return {};
    return createIndex(row, column, quintptr(section + 1));
}

QModelIndex CounterModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int CounterModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(sections_.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(sections_[size_t(parent.row())].entries.size());
}

int CounterModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant CounterModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0) { // section row
        const CounterSectionData &section = sections_[size_t(index.row())];
        if (index.column() != NameColumn)
            return {};
        if (role == Qt::DisplayRole || role == SortRole)
            return section.title;
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    const CounterEntry &e = sections_[index.internalId() - 1].entries[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return e.name;
        case ValueColumn:
            return e.value;
        case UnitColumn:
            return e.unit;
        case MetricColumn:
            return e.metric;
        case RuleColumn:
            return e.rule;
        }
        return {};
    case SortRole:
        if (index.column() == ValueColumn)
            return e.sort;
        return data(index, Qt::DisplayRole);
    case BarRole:
        return index.column() == ValueColumn && e.bar >= 0 ? QVariant(e.bar) : QVariant();
    case Qt::ToolTipRole: // the full value too, for texts the column elides
        if (!e.tooltip.isEmpty())
            return e.tooltip;
        return e.rule.isEmpty() ? e.value + QStringLiteral("\n") + e.metric
                                : e.value + QStringLiteral("\n") + e.metric + QStringLiteral(", ") + e.rule;
    case Qt::ForegroundRole:
        return e.missing ? QVariant(QGuiApplication::palette().brush(QPalette::PlaceholderText)) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case KindRole:
        return e.quantity;
    }
    return {};
}

QVariant CounterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("The counter, in Nsight Compute's sections; the raw metrics last");
        case ValueColumn:
            return tr("Its value for the kernel, or its kernels' values combined (see Combined as)");
        case UnitColumn:
            return tr("The unit the raw value is stored in (base units: bytes, ns, Hz, %)");
        case MetricColumn:
            return tr("The Nsight Compute metric it comes from, or how it was derived");
        case RuleColumn:
            return tr("How the kernels' values were combined: summed (amounts), averaged by duration (rates, "
                      "percentages) or the maximum (launch properties)");
        }
        return {};
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Counter");
    case ValueColumn:
        return tr("Value");
    case UnitColumn:
        return tr("Unit");
    case MetricColumn:
        return tr("Metric");
    case RuleColumn:
        return tr("Combined as");
    }
    return {};
}

} // namespace opscope::ui
