#pragma once
// Errors that reach the user. Every message names the file and says what is wrong with it.

#include <stdexcept>
#include <string>

namespace opscope {

// A file could not be read as a profile: not found, wrong format, damaged, newer than us...
class FileError : public std::runtime_error {
public:
    FileError(const std::string &path, const std::string &problem)
        : std::runtime_error(path + ": " + problem), path_(path), problem_(problem)
    {
    }
    const std::string &path() const { return path_; }
    const std::string &problem() const { return problem_; }

private:
    std::string path_;
    std::string problem_;
};

// The user cancelled a long operation.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

} // namespace opscope
