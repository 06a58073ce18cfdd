#pragma once
// The built opscope binary run by a suite that compares its output as text (tst_cli, tst_diff); suites
// that want std::string and an environment use capture_test_util.h's runOpscope.

#include "build_paths.h"

#include <QProcess>
#include <QString>
#include <QStringList>

namespace opscope::test {

struct TextRun {
    int exitCode = -1; // -1: it crashed or did not finish in 2 minutes
    QString out;
    QString err;
};

inline TextRun runOpscopeText(const QStringList &args)
{
    QProcess process;
    process.start(opscope::test::opscopeBinary(), args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace opscope::test
