#pragma once
// The proxy every data view sorts and filters through: sorts by SortRole (numbers numerically,
// absent values last in either order, text case-insensitively) and filters rows by a plain text or
// a regular expression over all columns, keeping the parents of matching rows in trees.

#include <QSortFilterProxyModel>

namespace opscope::ui {

class SortFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit SortFilterProxy(QObject *parent = nullptr);

    // An empty pattern shows every row. Returns false (and filters nothing) for an invalid regex.
    bool setFilter(const QString &pattern, bool regex);

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace opscope::ui
