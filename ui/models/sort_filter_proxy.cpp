#include "models/sort_filter_proxy.h"

#include "models/model_roles.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

SortFilterProxy::SortFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(SortRole);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setRecursiveFilteringEnabled(true);
    setAutoAcceptChildRows(true); // a matching group row keeps its members visible
}

bool SortFilterProxy::setFilter(const QString &pattern, bool regex)
{
    if (!regex) {
        setFilterFixedString(pattern);
        return true;
    }
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid()) {
        setFilterFixedString(QString());
        return false;
    }
    setFilterRegularExpression(re);
    return true;
}

void SortFilterProxy::sort(int column, Qt::SortOrder order)
{
    const QAbstractItemModel *source = sourceModel();
    // QSortFilterProxyModel keeps a dynamic sort it already has (no comparison): no keys to read then.
    const bool kept = dynamicSortFilter() && column == sortColumn() && order == sortOrder();
    // No columns are filtered out: a proxy column is the source column of the same number.
    if (!kept && source && column >= 0 && column < source->columnCount()) {
        const int rows = source->rowCount();
        keys_.resize(size_t(rows));
        for (int r = 0; r < rows; ++r)
            keys_[size_t(r)] = keyOf(source->index(r, column).data(sortRole()), true);
        keysColumn_ = column;
    }
    QSortFilterProxyModel::sort(column, order);
    keys_ = {};
    keysColumn_ = -1;
}

SortFilterProxy::SortKey SortFilterProxy::keyOf(const QVariant &value, bool lowerAscii)
{
    SortKey key;
    if (value.typeId() == QMetaType::QString) {
        key.kind = SortKey::Kind::Text;
        key.text = value.toString();
        // ASCII text (kernel and operator names) in lower case compares as case-insensitively as Qt
        // does (it folds each code unit, and ASCII folds to lower case), at the cost of a plain compare.
        // Worth its copy only for a key that is compared many times.
        key.lowered =
            lowerAscii && std::all_of(key.text.cbegin(), key.text.cend(), [](QChar c) { return c.unicode() < 128; });
        if (key.lowered)
            key.text = key.text.toLower();
    } else if (value.isValid()) {
        bool ok = false;
        const double d = value.toDouble(&ok);
        if (ok && !std::isnan(d)) {
            key.kind = SortKey::Kind::Number;
            key.number = d;
        }
    }
    return key;
}

bool SortFilterProxy::less(const SortKey &a, const SortKey &b, int leftRow, int rightRow) const
{
    using Kind = SortKey::Kind;
    if (a.kind == Kind::Text && b.kind == Kind::Text)
        return QString::compare(a.text, b.text, a.lowered && b.lowered ? Qt::CaseSensitive : Qt::CaseInsensitive) < 0;
    if (a.kind == Kind::Number && b.kind == Kind::Number)
        return a.number < b.number;
    // Absent values (invalid, NaN) go last whatever the order: "last" is "greatest" when ascending.
    const bool aMissing = a.kind == Kind::Missing, bMissing = b.kind == Kind::Missing;
    if (aMissing != bMissing)
        return sortOrder() == Qt::AscendingOrder ? bMissing : aMissing;
    return leftRow < rightRow;
}

bool SortFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.column() == keysColumn_ && right.column() == keysColumn_ && !left.parent().isValid() &&
        !right.parent().isValid() && size_t(left.row()) < keys_.size() && size_t(right.row()) < keys_.size())
        return less(keys_[size_t(left.row())], keys_[size_t(right.row())], left.row(), right.row());
    return less(keyOf(left.data(sortRole()), false), keyOf(right.data(sortRole()), false), left.row(), right.row());
}

} // namespace opscope::ui
