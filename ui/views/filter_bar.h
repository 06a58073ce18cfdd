#pragma once
// A filter line for a table or tree: plain text, or a regular expression when "Regex" is checked;
// an invalid expression turns the field red and filters nothing.

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QHBoxLayout;

namespace opscope::ui {

class SortFilterProxy;

class FilterBar : public QWidget {
    Q_OBJECT
public:
    FilterBar(SortFilterProxy *proxy, QWidget *parent = nullptr);

    void setText(const QString &text);
    void setRegex(bool regex);
    QLineEdit *lineEdit() const { return edit_; }
    // Room for a view's own controls (grouping, scope...) at the end of the bar.
    QHBoxLayout *layout() const { return layout_; }

private:
    void apply();

    SortFilterProxy *proxy_;
    QLineEdit *edit_;
    QCheckBox *regex_;
    QHBoxLayout *layout_;
};

} // namespace opscope::ui
