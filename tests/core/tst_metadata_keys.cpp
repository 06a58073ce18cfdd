// The metadata keys of metadata_keys.h are all there is: the header lists every key it names, no code writes
// or reads a spelled key, and every key of every real capture (each file alone, and the captures that merge
// files or ranks) is a known one.
#include "opscope/capture_import.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"
#include "test_suite.h"

#include "test_util.h"

#include <QTest>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace tst_metadata_keys_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::sourceFile;

namespace {

std::string readText(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The keys of `p` that metadata_keys.h does not know, as "file: key" lines.
std::vector<std::string> unknownKeys(const Profile &p, const std::string &what)
{
    std::vector<std::string> unknown;
    for (const auto &[key, value] : p.metadata)
        if (!isKnownMetadataKey(key))
            unknown.push_back(what + ": " + key);
    return unknown;
}

std::string joined(const std::vector<std::string> &lines)
{
    std::string out;
    for (const std::string &line : lines)
        out += "\n  " + line;
    return out;
}

} // namespace

class TestMetadataKeys : public QObject {
    Q_OBJECT
private slots:
    // Every `k...Key = "..."` the header defines is in kMetadataKeys, once, and no key is both OpScope's
    // and a source file's.
    void headerListsEveryKeyOnce()
    {
        const std::string header = readText(sourceFile("core/include/opscope/metadata_keys.h"));
        const std::regex definition("inline constexpr std::string_view k\\w+Key = \"([^\"]+)\"");
        std::set<std::string_view> listed(kMetadataKeys.begin(), kMetadataKeys.end());
        QCOMPARE(listed.size(), kMetadataKeys.size());
        size_t defined = 0;
        for (auto it = std::sregex_iterator(header.begin(), header.end(), definition); it != std::sregex_iterator();
             ++it, ++defined)
            QVERIFY2(listed.contains((*it)[1].str()), ((*it)[1].str() + " is not in kMetadataKeys").c_str());
        QCOMPARE(defined, kMetadataKeys.size());
        for (std::string_view key : kSourceMetadataKeys)
            QVERIFY2(!listed.contains(key), std::string(key).c_str());
    }

    void familiesAndUnknownKeys()
    {
        QVERIFY(isKnownMetadataKey(kModelNameKey));
        QVERIFY(isKnownMetadataKey("traceName"));
        QVERIFY(isKnownMetadataKey(torchSettingKey("backends.cudnn.benchmark")));
        QVERIFY(isKnownMetadataKey(rankHostKey(3)));
        QVERIFY(isKnownMetadataKey(nodeClockKey("node-a")));
        QVERIFY(isKnownMetadataKey(std::string(kRankPrefix) + "1." + std::string(kReferenceStepNsKey)));
        QVERIFY(!isKnownMetadataKey(std::string(kRankPrefix) + "1.no_such_key"));
        QVERIFY(!isKnownMetadataKey("rank.1"));
        QVERIFY(!isKnownMetadataKey(kRankHostPrefix)); // a prefix alone names nothing
        QVERIFY(!isKnownMetadataKey("reference_step_ms"));
    }

    // No file of core/, ui/ or app/ passes a spelled key to setMetadata or metadataValue: keys are named here.
    void noSpelledKeysInTheSources()
    {
        const std::regex spelled("(setMetadata|metadataValue)\\(\\s*\"");
        std::vector<std::string> found;
        size_t files = 0;
        for (const char *tree : {"core", "ui", "app"})
            for (const auto &entry : std::filesystem::recursive_directory_iterator(sourceFile(tree))) {
                const std::string ext = entry.path().extension().string();
                if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h"))
                    continue;
                ++files;
                const std::string text = readText(entry.path());
                if (std::regex_search(text, spelled))
                    found.push_back(entry.path().string());
            }
        QVERIFY2(files > 300, std::to_string(files).c_str()); // the walk found the sources
        QVERIFY2(found.empty(), ("spelled metadata keys in:" + joined(found)).c_str());
    }

    // Each real file OpScope reads, imported alone: its keys are known ones.
    void everyFixtureFileCarriesKnownKeys()
    {
        std::vector<std::string> unknown, unreadable;
        size_t imported = 0, keys = 0;
        for (const std::string &root : {fixture(""), sourceFile("tests/data")})
            for (const auto &entry : std::filesystem::recursive_directory_iterator(root)) {
                const std::string path = entry.path().string();
                const std::string ext = entry.path().extension().string();
                // Reports that need nsys or ncu to read, and what is not a capture (notes, logs, sources).
                if (!entry.is_regular_file() || ext == ".nsys-rep" || ext == ".ncu-rep" || ext == ".md" ||
                    ext == ".log" || ext == ".py" || ext == ".cu" || ext == ".vm" || ext == ".txt")
                    continue;
                try {
                    const Profile p = importFile(path);
                    ++imported;
                    keys += p.metadata.size();
                    const std::vector<std::string> mine = unknownKeys(p, path);
                    unknown.insert(unknown.end(), mine.begin(), mine.end());
                } catch (const std::exception &e) {
                    unreadable.push_back(e.what()); // status files, partition maps: not profiles
                }
            }
        qInfo("%zu files imported (%zu metadata keys), %zu not profiles", imported, keys, unreadable.size());
        QVERIFY2(imported >= 40, joined(unreadable).c_str());
        QVERIFY2(unknown.empty(), ("keys metadata_keys.h does not name:" + joined(unknown)).c_str());
    }

    // Captures of several files: the merge's own keys (sources, ncu matching, the torch.profiler cross-check,
    // ranks and their clocks).
    void mergedCapturesCarryKnownKeys_data()
    {
        QTest::addColumn<QStringList>("files");
        const auto inFixtures = [](const char *folder, std::initializer_list<const char *> names) {
            QStringList files;
            for (const char *name : names)
                files << QString::fromStdString(fixture(std::string(folder) + "/" + name));
            return files;
        };
        const auto inData = [](const char *folder, std::initializer_list<const char *> names) {
            QStringList files;
            for (const char *name : names)
                files << QString::fromStdString(
                    sourceFile(QStringLiteral("tests/data/%1/%2").arg(folder, name).toStdString()));
            return files;
        };
        QTest::newRow("nsys+ncu+kineto") << inFixtures("h100/gpt4_bf16_infer",
                                                       {"nsys.sqlite", "ncu_raw.csv", "kineto.json"});
        QTest::newRow("kineto ranks") << inFixtures(
            "public/kineto-multirank",
            {"HolisticTraceAnalysis__sampled_rank-0.json.gz", "HolisticTraceAnalysis__sampled_rank-1.json.gz"});
        QTest::newRow("ddp ranks") << inData("h200_ddp_gpt2",
                                             {"correlation_trace.rank0.json.gz", "correlation_trace.rank1.json.gz"});
        QTest::newRow("nsys+kineto") << inFixtures("h100/mlp_bf16_infer", {"nsys.sqlite", "kineto.json"});
    }
    void mergedCapturesCarryKnownKeys()
    {
        QFETCH(QStringList, files);
        std::vector<std::string> paths;
        for (const QString &file : files)
            paths.push_back(file.toStdString());
        const Profile p = importCapture(paths);
        QVERIFY(p.metadata.size() > 3);
        const std::vector<std::string> unknown = unknownKeys(p, paths.front());
        QVERIFY2(unknown.empty(), ("keys metadata_keys.h does not name:" + joined(unknown)).c_str());
    }
};

} // namespace tst_metadata_keys_suite

OPSCOPE_TEST_SUITE(tst_metadata_keys, tst_metadata_keys_suite::TestMetadataKeys, Core)
#include "tst_metadata_keys.moc"
