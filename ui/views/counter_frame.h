#pragma once
// The frame of the counter panels (the explorer's and the compare window's): a bold title naming
// what is shown, a filter, and a sortable tree of counter sections on a SortFilterProxy. While
// filtering every section opens so matches in the long last section (every metric) show.

#include <QWidget>

class QAbstractItemModel;
class QLabel;
class QTreeView;

namespace opscope::ui {

class FilterBar;
class SortFilterProxy;

class CounterFrame : public QWidget {
    Q_OBJECT
public:
    SortFilterProxy *proxy() const { return proxy_; }
    QTreeView *view() const { return view_; }
    FilterBar *filterBar() const { return filterBar_; }
    QString title() const;

protected:
    // Takes ownership of `model`, whose top-level rows are the sections.
    CounterFrame(QAbstractItemModel *model, QWidget *parent);

    void setTitle(const QString &title);
    QLabel *titleLabel() const { return title_; }
    // Sections open, the last (long) one folded unless a filter is looking into it.
    void openSections(int sectionCount);

private:
    QAbstractItemModel *model_;
    SortFilterProxy *proxy_;
    QLabel *title_;
    FilterBar *filterBar_;
    QTreeView *view_;
};

} // namespace opscope::ui
