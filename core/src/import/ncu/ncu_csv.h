#pragma once
// Shared between the Nsight Compute importers (ncu_csv.cpp, ncu_rep.cpp).

#include "import/ncu/ncu_csv_parser.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <string>
#include <string_view>

namespace opscope::importers {

// Whether the first bytes of a file look like `ncu --csv` output: the first line that starts with a
// quote is a header with "ID" and "Kernel Name" columns (console lines before it are allowed).
bool looksLikeNcuCsv(std::string_view head);

// Streams the lines of `file` (plain or gzipped) into `parser`, reporting progress under `stage`.
void feedNcuCsvFile(const std::string &file, ncu::CsvParser &parser, const Progress &progress, std::string_view stage);

} // namespace opscope::importers
