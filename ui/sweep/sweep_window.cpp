#include "sweep/sweep_window.h"

#include "common/table_export.h"

#include "common/qt_text.h"
#include "common/value_format.h"

#include "opscope/errors.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <map>

namespace opscope::ui {

namespace {

// Durations are plotted in milliseconds (what a step takes); other units as they are.
double plotScale(const std::string &unit)
{
    return unit == "ns" ? 1e-6 : 1.0;
}

QString plotUnit(const std::string &unit)
{
    return unit == "ns" ? QStringLiteral("ms") : toQString(unit);
}

QString cellText(double value, const std::string &unit)
{
    if (unit == "ns")
        return formatDuration(value);
    if (unit == "FLOP/s")
        return formatFlops(value);
    return formatMetricValue(value, unit);
}

// A parameter's values as numbers, when every one is a number (the axis is then numeric).
std::optional<std::vector<double>> numericValues(const sweep::Parameter &p)
{
    std::vector<double> out;
    for (const auto &v : p.values) {
        bool ok = false;
        const double x = toQString(v).toDouble(&ok);
        if (!ok)
            return std::nullopt;
        out.push_back(x);
    }
    return out;
}

const QColor kColors[] = {QColor(31, 119, 180),  QColor(255, 127, 14), QColor(44, 160, 44),   QColor(214, 39, 40),
                          QColor(148, 103, 189), QColor(140, 86, 75),  QColor(227, 119, 194), QColor(127, 127, 127),
                          QColor(188, 189, 34),  QColor(23, 190, 207)};

} // namespace

SweepWindow::SweepWindow(QWidget *parent) : QWidget(parent, Qt::Window)
{
    setWindowTitle(tr("Sweep"));
    resize(1200, 700);
    metric_ = new QComboBox;
    metric_->setObjectName(QStringLiteral("metric"));
    metric_->setEditable(true); // any ncu counter by name
    for (const auto &name : sweep::sweepMetricNames())
        metric_->addItem(toQString(name));
    metric_->setToolTip(tr("step-time, gpu-time, cpu-time, flops (achieved FLOP/s) or an ncu counter name"));
    by_ = new QComboBox;
    by_->setObjectName(QStringLiteral("by"));
    for (const char *by : {"step", "module", "operator", "kernel"})
        by_->addItem(toQString(by));
    top_ = new QSpinBox;
    top_->setRange(1, 50);
    top_->setValue(5);
    top_->setPrefix(tr("top "));
    parameter_ = new QComboBox;
    parameter_->setObjectName(QStringLiteral("parameter"));
    logX_ = new QCheckBox(tr("Log X"));
    logY_ = new QCheckBox(tr("Log Y"));
    compare_ = new QPushButton(tr("Compare Selected"));
    compare_->setToolTip(tr("Select two configurations in the table to compare their profiles"));
    export_ = new QPushButton(tr("Export..."));
    status_ = new QLabel;

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Metric:")));
    controls->addWidget(metric_);
    controls->addWidget(new QLabel(tr("per")));
    controls->addWidget(by_);
    controls->addWidget(top_);
    controls->addWidget(new QLabel(tr("against")));
    controls->addWidget(parameter_);
    controls->addWidget(logX_);
    controls->addWidget(logY_);
    controls->addStretch();
    controls->addWidget(compare_);
    controls->addWidget(export_);

    plot_ = new QCustomPlot;
    plot_->setMinimumSize(400, 300);
    plot_->legend->setVisible(true);
    // Top left: the lines rise with most parameters, so their ends sit top right.
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setInteractions(QCP::iSelectPlottables);
    table_ = new QTableWidget;
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    installTableExport(table_, QStringLiteral("sweep"));
    auto *splitter = new QSplitter;
    splitter->addWidget(plot_);
    splitter->addWidget(table_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({800, 400}); // the plot first: the table's columns are few

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);
    layout->addWidget(status_);

    connect(metric_, &QComboBox::currentTextChanged, this, &SweepWindow::recompute);
    connect(by_, &QComboBox::currentIndexChanged, this, &SweepWindow::recompute);
    connect(top_, &QSpinBox::valueChanged, this, &SweepWindow::recompute);
    connect(parameter_, &QComboBox::currentIndexChanged, this, &SweepWindow::drawPlot);
    connect(logX_, &QCheckBox::toggled, this, &SweepWindow::drawPlot);
    connect(logY_, &QCheckBox::toggled, this, &SweepWindow::drawPlot);
    connect(compare_, &QPushButton::clicked, this, &SweepWindow::compareSelected);
    connect(export_, &QPushButton::clicked, this, &SweepWindow::exportPlot);
    connect(table_, &QTableWidget::itemSelectionChanged, this, &SweepWindow::updateCompareButton);
    connect(plot_, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable *plottable, int point) {
        for (int g = 0; g < plot_->graphCount(); ++g)
            if (plot_->graph(g) == plottable)
                onPointClicked(g, point);
    });
    updateCompareButton();
}

SweepWindow::~SweepWindow() = default;

void SweepWindow::openSweep(const QString &dir)
{
    try {
        sweep_ = std::make_unique<sweep::Sweep>(sweep::loadSweep(dir.toStdString()));
    } catch (const std::exception &e) {
        status_->setText(toQString(e.what()));
        emit sweepFailed(toQString(e.what()));
        return;
    }
    setWindowTitle(tr("Sweep — %1").arg(toQString(sweep_->path)));
    const QSignalBlocker block(parameter_);
    parameter_->clear();
    for (const auto &p : sweep_->parameters)
        parameter_->addItem(toQString(p.name));
    recompute();
}

void SweepWindow::recompute()
{
    if (!sweep_)
        return;
    sweep::SweepReportOptions options;
    options.metric = metric_->currentText().trimmed().toStdString();
    options.by = sweep::parseSweepBy(by_->currentText().toStdString()).value_or(sweep::SweepBy::Step);
    options.top = top_->value();
    top_->setEnabled(options.by != sweep::SweepBy::Step);
    status_->setText(tr("Reading %n profile(s)...", nullptr, int(sweep_->runs.size())));
    const sweep::Sweep sweep = *sweep_;
    using Outcome = JobOutcome<sweep::SweepReport>;
    jobs_.start(
        [sweep, options](const JobControl &control) {
            Outcome outcome;
            try {
                const Progress progress({}, control.stopFlag());
                outcome.value = std::make_shared<const sweep::SweepReport>(sweepReport(sweep, options, progress));
            } catch (const Cancelled &) {
                outcome.cancelled = true;
            } catch (const std::exception &e) {
                outcome.error = toQString(e.what());
            }
            return outcome;
        },
        [this](Outcome outcome) {
            if (outcome.cancelled)
                return;
            if (!outcome.error.isEmpty()) {
                status_->setText(outcome.error);
                emit sweepFailed(outcome.error);
                return;
            }
            report_ = outcome.value;
            showReport();
            emit reportReady();
        });
}

void SweepWindow::showReport()
{
    drawPlot();
    fillTable();
    QStringList notes;
    for (const auto &note : report_->notes)
        notes << toQString(note);
    status_->setText(notes.isEmpty() ? tr("%n configuration(s)", nullptr, int(report_->sweep.runs.size()))
                                     : notes.join(QStringLiteral("; ")));
}

int SweepWindow::runAt(int graph, int point) const
{
    if (graph < 0 || graph >= int(graphRuns_.size()) || point < 0 || point >= int(graphRuns_[graph].size()))
        return -1;
    return graphRuns_[graph][point];
}

void SweepWindow::drawPlot()
{
    plot_->clearGraphs();
    graphRuns_.clear();
    if (!report_ || report_->sweep.parameters.empty()) {
        plot_->replot();
        return;
    }
    const sweep::Sweep &s = report_->sweep;
    const int xp = std::clamp(parameter_->currentIndex(), 0, int(s.parameters.size()) - 1);
    const sweep::Parameter &xParam = s.parameters[size_t(xp)];
    const auto numeric = numericValues(xParam);
    auto xOf = [&](const std::string &value) {
        const size_t at = size_t(std::find(xParam.values.begin(), xParam.values.end(), value) - xParam.values.begin());
        return numeric ? (*numeric)[at] : double(at);
    };
    // The runs by the values of the other parameters: one line each.
    std::map<std::string, std::vector<int>> groups;
    std::vector<std::string> groupOrder;
    for (int r = 0; r < int(s.runs.size()); ++r) {
        std::string key;
        for (size_t p = 0; p < s.parameters.size(); ++p)
            if (int(p) != xp)
                key += (key.empty() ? "" : ", ") + s.parameters[p].name + "=" + s.runs[size_t(r)].values[p];
        if (!groups.count(key))
            groupOrder.push_back(key);
        groups[key].push_back(r);
    }
    const double scale = plotScale(report_->unit);
    int color = 0;
    for (const auto &series : report_->series)
        for (const std::string &key : groupOrder) {
            std::vector<std::pair<double, int>> points; // x, run
            for (int r : groups[key])
                if (series.values[size_t(r)])
                    points.push_back({xOf(s.runs[size_t(r)].values[size_t(xp)]), r});
            if (points.empty())
                continue;
            std::sort(points.begin(), points.end());
            QCPGraph *graph = plot_->addGraph();
            graph->setName(toQString(series.label) + (key.empty() ? QString() : QStringLiteral(", ") + toQString(key)));
            const QColor c = kColors[color++ % std::size(kColors)];
            graph->setPen(QPen(c, 2));
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 7));
            std::vector<int> runs;
            for (const auto &[x, r] : points) {
                graph->addData(x, *series.values[size_t(r)] * scale);
                runs.push_back(r);
            }
            graphRuns_.push_back(std::move(runs));
        }
    plot_->xAxis->setLabel(toQString(xParam.name));
    const QString unit = plotUnit(report_->unit);
    plot_->yAxis->setLabel(toQString(report_->options.metric) + (unit.isEmpty() ? QString() : " (" + unit + ")"));
    if (numeric) {
        plot_->xAxis->setTicker(logX_->isChecked() ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                                                   : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    } else {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (size_t i = 0; i < xParam.values.size(); ++i)
            ticker->addTick(double(i), toQString(xParam.values[i]));
        plot_->xAxis->setTicker(ticker);
    }
    logX_->setEnabled(bool(numeric));
    const bool logX = numeric && logX_->isChecked();
    plot_->xAxis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot_->yAxis->setScaleType(logY_->isChecked() ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot_->yAxis->setTicker(logY_->isChecked() ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                                               : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot_->rescaleAxes();
    // A margin around the points, and zero in sight on a linear value axis.
    const QCPRange x = plot_->xAxis->range();
    if (logX)
        plot_->xAxis->setRange(x.lower / 1.5, x.upper * 1.5);
    else {
        const double pad = std::max((x.upper - x.lower) * 0.08, numeric ? std::abs(x.upper) * 0.1 + 1e-9 : 0.5);
        plot_->xAxis->setRange(x.lower - pad, x.upper + pad);
    }
    const QCPRange y = plot_->yAxis->range();
    if (logY_->isChecked())
        plot_->yAxis->setRange(y.lower / 1.5, y.upper * 1.5);
    else
        plot_->yAxis->setRange(std::min(0.0, y.lower), y.upper * 1.1 + 1e-12);
    plot_->replot();
}

void SweepWindow::fillTable()
{
    const sweep::Sweep &s = report_->sweep;
    QStringList header;
    for (const auto &p : s.parameters)
        header << toQString(p.name);
    for (const auto &series : report_->series)
        header << toQString(series.label);
    header << tr("status");
    table_->clear();
    table_->setColumnCount(int(header.size()));
    table_->setRowCount(int(s.runs.size()));
    table_->setHorizontalHeaderLabels(header);
    for (int r = 0; r < int(s.runs.size()); ++r) {
        int c = 0;
        for (const auto &v : s.runs[size_t(r)].values)
            table_->setItem(r, c++, new QTableWidgetItem(toQString(v)));
        for (const auto &series : report_->series) {
            auto *item = new QTableWidgetItem(
                series.values[size_t(r)] ? cellText(*series.values[size_t(r)], report_->unit) : QStringLiteral("–"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(r, c++, item);
        }
        auto *status = new QTableWidgetItem(toQString(sweep::toString(s.runs[size_t(r)].status)));
        status->setToolTip(toQString(s.runs[size_t(r)].error));
        table_->setItem(r, c, status);
    }
    table_->resizeColumnsToContents();
    updateCompareButton();
}

void SweepWindow::onPointClicked(int graph, int point)
{
    const int run = runAt(graph, point);
    if (run < 0 || !report_)
        return;
    const QString path = toQString(report_->sweep.profilePath(size_t(run)));
    if (!path.isEmpty())
        emit openProfileRequested(path);
}

void SweepWindow::updateCompareButton()
{
    QList<int> rows;
    for (const QModelIndex &index : table_->selectionModel()->selectedRows())
        rows << index.row();
    compare_->setEnabled(report_ && rows.size() == 2);
}

void SweepWindow::compareSelected()
{
    if (!report_)
        return;
    QList<int> rows;
    for (const QModelIndex &index : table_->selectionModel()->selectedRows())
        rows << index.row();
    if (rows.size() != 2)
        return;
    std::sort(rows.begin(), rows.end());
    const QString before = toQString(report_->sweep.profilePath(size_t(rows[0])));
    const QString after = toQString(report_->sweep.profilePath(size_t(rows[1])));
    if (before.isEmpty() || after.isEmpty()) {
        status_->setText(tr("Both configurations need a profile to compare (a failed run has none)"));
        return;
    }
    emit compareRequested(before, after);
}

bool SweepWindow::savePng(const QString &path)
{
    return plot_->savePng(path, plot_->width() > 50 && isVisible() ? 0 : 1200,
                          plot_->height() > 50 && isVisible() ? 0 : 800);
}

bool SweepWindow::savePdf(const QString &path)
{
    return plot_->savePdf(path, plot_->width() > 50 && isVisible() ? 0 : 1200,
                          plot_->height() > 50 && isVisible() ? 0 : 800);
}

void SweepWindow::exportPlot()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export sweep plot"), QStringLiteral("sweep.png"),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (!path.isEmpty())
        path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? savePdf(path) : savePng(path);
}

} // namespace opscope::ui
