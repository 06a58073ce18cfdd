#pragma once
// A sweep's window (File > Open Sweep): a metric plotted against one parameter (QCustomPlot), one line
// per series (the step, or the top modules, operators or kernels) and per value of the other
// parameters, linear or log axes, and the table of every configuration beside it. Clicking a point
// opens that configuration's profile; two rows of the table open in the compare window. The figures
// come from sweep::sweepReport (the same as `opscope sweep-report`), computed off the GUI thread.
#include "common/job_tracker.h"
#include "opscope/sweep_report.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace opscope::ui {

class SweepWindow : public QWidget {
    Q_OBJECT

public:
    explicit SweepWindow(QWidget *parent = nullptr);
    ~SweepWindow() override;

    // Reads <dir>/sweep.json here (a bad one is reported at once by sweepFailed) and computes the
    // report in the background (reportReady, or sweepFailed).
    void openSweep(const QString &dir);
    const sweep::SweepReport *report() const { return report_.get(); }
    // The run behind a plotted point: graph index in the plot, point index in the graph; -1 when none.
    int runAt(int graph, int point) const;
    QCustomPlot *plot() const { return plot_; }
    QTableWidget *table() const { return table_; }
    QComboBox *metricBox() const { return metric_; }
    QComboBox *byBox() const { return by_; }
    QComboBox *parameterBox() const { return parameter_; }
    QCheckBox *logX() const { return logX_; }
    QCheckBox *logY() const { return logY_; }
    bool isBusy() const { return jobs_.isRunning(); }
    bool savePng(const QString &path);
    bool savePdf(const QString &path);

signals:
    void reportReady();
    void sweepFailed(const QString &message);
    // A point was clicked: open that configuration's profile.
    void openProfileRequested(const QString &profilePath);
    // Two configurations chosen in the table: compare them (BEFORE is the first row).
    void compareRequested(const QString &beforeProfile, const QString &afterProfile);

private:
    void recompute();
    void showReport();
    void drawPlot();
    void fillTable();
    void onPointClicked(int graph, int point);
    void compareSelected();
    void exportPlot();
    void updateCompareButton();

    JobTracker jobs_{this};
    std::unique_ptr<sweep::Sweep> sweep_;
    std::shared_ptr<const sweep::SweepReport> report_;
    std::vector<std::vector<int>> graphRuns_; // per graph: the run of each point
    QComboBox *metric_;
    QComboBox *by_;
    QSpinBox *top_;
    QComboBox *parameter_;
    QCheckBox *logX_;
    QCheckBox *logY_;
    QPushButton *compare_;
    QPushButton *export_;
    QLabel *status_;
    QCustomPlot *plot_;
    QTableWidget *table_;
};

} // namespace opscope::ui
