#include "compare/compare_loader.h"

#include "common/qt_text.h"
#include "opscope/errors.h"
#include "opscope/progress.h"
#include "opscope/ranks.h"

#include <QFileInfo>

#include <array>

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
    run([this, beforePaths, after, afterPaths, beforeSide, afterSide, opening](const JobControl &job) {
        auto report = [this, &job](double fraction, const QString &text) {
            job.post([this, fraction, text] { emit progress(fraction, text); });
        };
        // One side's load, its progress mapped onto [from, from + share) of the whole job.
        auto load = [&](const QString &side, const QStringList &paths, double from, double share) {
            Progress progress(
                [&](double fraction, std::string_view stage) {
                    report(from + fraction * share, side + QStringLiteral(": ") + toQString(stage));
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
            const QString message = toQString(e.what());
            outcome.error = side ? tr("%1 side: %2").arg(*side, message) : tr("Comparing failed: %1").arg(message);
        }
        return outcome;
    });
}

void CompareLoader::compareRanks(std::shared_ptr<const Profile> job, int before, int after)
{
    emit progress(0, tr("Taking rank %1 out of the job's profile").arg(before));
    run([this, job, before, after](const JobControl &control) {
        JobOutcome<Comparison> outcome;
        try {
            std::array<std::shared_ptr<const LoadedCapture>, 2> sides;
            std::array<QStringList, 2> paths;
            for (size_t i = 0; i < 2; ++i) {
                const int rank = i == 0 ? before : after;
                Progress rankProgress(
                    [&](double fraction, std::string_view stage) {
                        const QString text = tr("Rank %1: %2").arg(rank).arg(toQString(stage));
                        const double at = (double(i) + fraction) * kLoadShare / 2;
                        control.post([this, at, text] { emit progress(at, text); });
                    },
                    control.stopFlag());
                auto profile = std::make_shared<const Profile>(profileOfRank(*job, rank));
                paths[i] = {toQString(profile->source_path)};
                sides[i] = analyzeCapture(std::move(profile), rankProgress);
            }
            if (control.stopRequested())
                throw Cancelled();
            control.post([this] { emit progress(kLoadShare, tr("Comparing")); });
            outcome.value = buildComparison(sides[0], sides[1], paths[0], paths[1]);
            outcome.cancelled = control.stopRequested();
        } catch (const Cancelled &) {
            outcome.cancelled = true;
        } catch (const std::exception &e) {
            outcome.error = tr("Comparing rank %1 with rank %2 failed: %3").arg(before).arg(after).arg(e.what());
        }
        return outcome;
    });
}

void CompareLoader::run(std::function<JobOutcome<Comparison>(const JobControl &)> work)
{
    jobs_.start(std::move(work), [this](JobOutcome<Comparison> outcome) {
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
