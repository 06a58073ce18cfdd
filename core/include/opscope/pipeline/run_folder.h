#pragma once
// Run folders: <out>/<name>/ with the tool outputs, logs and manifest.json.

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace opscope::pipeline {

// Manifest keys are documented in docs/capture.md. The manifest is rewritten after every stage, so a
// failed run still tells what ran. open() checks the types of the keys OpScope reads (a FileError names
// the key, never a JSON library's message) and gives the sections a file lacks as empty ones, so that
// readers find every section with its type; but for "rank" and "ranks", whose presence marks a
// distributed run.
class RunFolder {
public:
    // Creates a fresh folder <out>/<name> (adding -2, -3 ... when taken). Throws FileError.
    static RunFolder create(const std::string &outDir, const std::string &name);
    // Creates exactly `path` (its parent must exist); FileError when it exists already. A rank's part
    // of a distributed run (ranks.h): two ranks must never share one.
    static RunFolder createExactly(const std::string &path);
    // Opens an existing run (the folder, or its manifest.json). Throws FileError.
    static RunFolder open(const std::string &pathOrManifest);

    const std::string &path() const { return path_; }
    std::string name() const;
    std::string file(std::string_view relative) const; // path of a file inside the run
    // The file the manifest's outputs.<key> names, resolved inside the run: empty when it names none or
    // the file does not exist. FileError naming manifest.json when the entry leaves the run folder (an
    // absolute path, "..", a symbolic link pointing out): a run folder someone sent is read, never what
    // lies beside it.
    std::string output(std::string_view key) const;
    nlohmann::json &manifest() { return manifest_; }
    const nlohmann::json &manifest() const { return manifest_; }
    void save() const; // writes manifest.json atomically

private:
    void initialize(std::string path); // a new manifest for the folder just made
    std::string path_;
    nlohmann::json manifest_;
};

// "mlp-20261122-033932": the run name for a script at the current local time.
std::string defaultRunName(const std::string &script);
// This machine's host name, as run manifests and rank parts record it; "" when it has none.
std::string hostName();

} // namespace opscope::pipeline
