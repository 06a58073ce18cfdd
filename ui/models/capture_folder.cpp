#include "models/capture_folder.h"
#include "common/qt_text.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/importer.h"
#include "opscope/pipeline/run.h"
#include "opscope/progress.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <vector>

namespace opscope::ui {

namespace {

// The profile of a run folder: <run>/<run>.opscope, imported first when the run has none yet.
QString runFolderProfile(const QString &folder, const Progress &progress)
{
    const QDir dir(folder);
    const QString profile = dir.filePath(QDir(dir.absolutePath()).dirName() + QStringLiteral(".opscope"));
    if (QFileInfo::exists(profile))
        return profile;
    return toQString(pipeline::importRun(folder.toStdString(), progress));
}

// The files of a capture folder that an importer reads, by name. Left out: what no importer reads (a
// script, a note); a tool's console log (ncu.log) beside a file of the same format (ncu_raw.csv); a report
// that needs its tool to read (.nsys-rep, .ncu-rep) beside the export of the same kind.
QStringList captureFolderFiles(const QString &folder)
{
    const QDir dir(folder);
    std::vector<std::pair<QString, std::string>> found; // path, format id
    for (const QFileInfo &entry : dir.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const std::string path = entry.absoluteFilePath().toStdString();
        if (entry.isDir() && !isInductorDebugDir(path))
            continue;
        try {
            found.emplace_back(entry.absoluteFilePath(), std::string(detectFormat(path).id));
        } catch (const FileError &) {
            continue; // no importer reads it
        }
    }
    const auto has = [&](std::string_view format, const char *suffixOtherThan) {
        return std::any_of(found.begin(), found.end(), [&](const auto &f) {
            return f.second == format && QFileInfo(f.first).suffix() != QLatin1String(suffixOtherThan);
        });
    };
    QStringList files;
    for (const auto &[path, format] : found) {
        const QString suffix = QFileInfo(path).suffix();
        if ((suffix == QLatin1String("log") && has(format, "log")) ||
            (format == format_id::kNsysRep && has(format_id::kNsysSqlite, "")) ||
            (format == format_id::kNcuRep && has(format_id::kNcuCsv, "log")))
            continue;
        files << path;
    }
    if (files.isEmpty())
        throw FileError(folder.toStdString(), "a folder without the files of a capture: none of its files is a "
                                              "profile OpScope reads (nsys, ncu, torch.profiler, ...)");
    return files;
}

} // namespace

QStringList captureFilesOf(const QStringList &paths, const Progress &progress)
{
    QStringList files;
    for (const QString &path : paths) {
        const std::string native = path.toStdString();
        if (!isDirectory(native) || isInductorDebugDir(native)) {
            files << path;
            continue;
        }
        if (fileExists(native + "/manifest.json"))
            files << runFolderProfile(path, progress);
        else
            files << captureFolderFiles(path);
    }
    return files;
}

} // namespace opscope::ui
