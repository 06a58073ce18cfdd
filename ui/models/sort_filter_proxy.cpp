#include "models/sort_filter_proxy.h"

#include "models/model_roles.h"

#include <QRegularExpression>

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

bool SortFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(SortRole), b = right.data(SortRole);
    auto number = [](const QVariant &v, bool &ok) {
        ok = false;
        if (v.typeId() == QMetaType::QString || !v.isValid())
            return 0.0;
        const double d = v.toDouble(&ok);
        ok = ok && !std::isnan(d);
        return d;
    };
    bool aNumber = false, bNumber = false;
    const double x = number(a, aNumber), y = number(b, bNumber);
    const bool aText = a.typeId() == QMetaType::QString, bText = b.typeId() == QMetaType::QString;
    if (aText && bText)
        return QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) < 0;
    if (aNumber && bNumber)
        return x < y;
    // Absent values (invalid, NaN) go last whatever the order: "last" is "greatest" when ascending.
    const bool aMissing = !aNumber && !aText, bMissing = !bNumber && !bText;
    if (aMissing != bMissing)
        return sortOrder() == Qt::AscendingOrder ? bMissing : aMissing;
    return left.row() < right.row();
}

} // namespace opscope::ui
