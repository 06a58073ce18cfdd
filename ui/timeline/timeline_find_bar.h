#pragma once
// The timeline's find bar (Ctrl+F): a name or regular expression, the number of matches, previous /
// next (Shift+Enter / Enter, F3 / Shift+F3). Each step selects the match and scrolls to it; Escape
// closes the bar and clears the outlines.

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace opscope::ui {

class TimelineView;

class TimelineFindBar : public QWidget {
    Q_OBJECT
public:
    explicit TimelineFindBar(TimelineView *view, QWidget *parent = nullptr);

    QLineEdit *edit() const { return edit_; }
    QCheckBox *regexBox() const { return regex_; }
    QLabel *countLabel() const { return count_; }

public slots:
    void open();  // shows the bar, focuses the text
    void close(); // hides it, clears the matches, gives the focus back to the timeline

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void showCount(int current, int count);

    TimelineView *view_;
    QLineEdit *edit_;
    QCheckBox *regex_;
    QLabel *count_;
    QToolButton *previous_, *next_;
};

} // namespace opscope::ui
