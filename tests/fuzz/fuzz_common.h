#pragma once
// Shared by the libFuzzer targets: each writes the input to a file in RAM (/dev/shm) and runs one
// importer on it through `importFile` after detection, then holds the profile to
// findBrokenReference() and runs attribution and the summary on it. A FileError is the expected
// answer to bad input; any other exception, a broken reference, a sanitizer report or a hang is a bug.

#include "opscope/profile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace opscope::fuzz {

// Writes the bytes to <private RAM folder>/<fileName> and returns the path.
std::string writeInput(const uint8_t *data, size_t size, const std::string &fileName);

// For the SQLite formats: the input is either a database file (it starts with SQLite's magic) or an
// SQL script that builds one, so mutations reach both the file format and the table contents.
std::string writeDatabase(const uint8_t *data, size_t size, const std::string &fileName);

// Runs every detector and then importFile with the format `formatId` (an id of importFormats()) on
// `path`, and checks the profile (see check()). Returns the problem found, or an empty string
// for a good profile or a FileError (the right answer to bad input). Other exceptions propagate.
std::string importAndCheck(std::string_view formatId, const std::string &path);

// What is done with every profile an importer returned: reference check, attribution, reference check
// again, summary. Returns the first problem, or an empty string.
std::string check(Profile &p);

// For the fuzz targets: aborts (a finding for libFuzzer) when `problem` is not empty.
void abortOn(const std::string &problem);

} // namespace opscope::fuzz
