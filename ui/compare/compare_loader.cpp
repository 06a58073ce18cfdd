#include "compare/compare_loader.h"

#include "opscope/errors.h"
#include "opscope/progress.h"

#include <QFileInfo>

namespace opscope::ui {

namespace {

// Loading dominates; the diff itself is quick. With AFTER given, BEFORE is all the loading.
constexpr double kLoadShare = 0.9;

} // namespace

CompareLoader::CompareLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const opscope::ui::Comparison>>();
}

CompareLoader::~CompareLoader() = default;

void CompareLoader::compare(const QStringList &beforePaths, const QStringList &afterPaths)
{
    start(beforePaths, nullptr, afterPaths);
}

void CompareLoader::compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                                const QStringList &afterPaths)
{
    start(beforePaths, std::move(after), afterPaths);
}

void CompareLoader::cancel()
{
    jobs_.cancel();
}

void CompareLoader::start(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                          const QStringList &afterPaths)
{
    const QString beforeSide = tr("Before"), afterSide = tr("After");
    auto opening = [](const QString &side, const QStringList &paths) {
        return tr("%1: opening %2").arg(side, QFileInfo(paths.value(0)).fileName());
    };
    emit progress(0, opening(beforeSide, beforePaths));
    jobs_.start(
        [this, beforePaths, after, afterPaths, beforeSide, afterSide, opening](const JobControl &job) {
            auto report = [this, &job](double fraction, const QString &text) {
                job.post([this, fraction, text] { emit progress(fraction, text); });
            };
            // One side's load, its progress mapped onto [from, from + share) of the whole job.
            auto load = [&](const QString &side, const QStringList &paths, double from, double share) {
                Progress progress(
                    [&](double fraction, std::string_view stage) {
                        report(from + fraction * share,
                               side + QStringLiteral(": ") + QString::fromUtf8(stage.data(), qsizetype(stage.size())));
                    },
                    job.stopFlag());
                return loadCapture(paths, progress);
            };
            JobOutcome<Comparison> outcome;
            const QString *side = &beforeSide;
            try {
                const auto before = load(beforeSide, beforePaths, 0, after ? kLoadShare : kLoadShare / 2);
                auto afterCapture = after;
                if (!afterCapture) {
                    side = &afterSide;
                    report(kLoadShare / 2, opening(afterSide, afterPaths));
                    afterCapture = load(afterSide, afterPaths, kLoadShare / 2, kLoadShare / 2);
                }
                if (job.stopRequested()) // cancelled just as the loading finished: no diff
                    throw Cancelled();
                side = nullptr;
                report(kLoadShare, tr("Comparing"));
                outcome.value = buildComparison(before, afterCapture, beforePaths, afterPaths);
                outcome.cancelled = job.stopRequested();
            } catch (const Cancelled &) {
                outcome.cancelled = true;
            } catch (const std::exception &e) {
                const QString message = QString::fromUtf8(e.what());
                outcome.error = side ? tr("%1 side: %2").arg(*side, message) : tr("Comparing failed: %1").arg(message);
            }
            return outcome;
        },
        [this](JobOutcome<Comparison> outcome) {
            if (outcome.cancelled) {
                emit cancelled();
            } else if (outcome.value) {
                emit progress(1.0, tr("Comparing"));
                emit finished(outcome.value);
            } else {
                emit failed(outcome.error);
            }
        });
}

} // namespace opscope::ui
