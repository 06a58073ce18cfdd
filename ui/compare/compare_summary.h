#pragma once
// The head of the compare window: the step's GPU time before → after with the speedup, kernel
// counts, GPU busy and idle time, what was left out of the comparison, and the five largest
// improvements and regressions among the operator rows, each a link that selects its row.

#include "compare/comparison.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;

namespace opscope::ui {

class CompareSummary : public QWidget {
    Q_OBJECT
public:
    static constexpr size_t kTopRows = 5;

    explicit CompareSummary(QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);

    // What the header shows, for tests and the screenshots.
    double speedup() const { return speedup_; }
    QString headline() const;
    QString figures() const;
    const std::vector<int> &improvements() const { return improvements_; } // operator rows, largest gain first
    const std::vector<int> &regressions() const { return regressions_; }   // operator rows, largest loss first
    // Follows a link of the lists ("operator:12"), as a click does.
    void activateLink(const QString &link);

signals:
    void rowActivated(opscope::DiffLevel level, int row);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    QString listHtml(const std::vector<int> &rows, const QString &title) const;

    std::shared_ptr<const Comparison> comparison_;
    double speedup_ = 0;
    std::vector<int> improvements_, regressions_;
    QLabel *headline_, *figures_, *improved_, *regressed_;
};

} // namespace opscope::ui
