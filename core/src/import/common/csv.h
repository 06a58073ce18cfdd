#pragma once
// Splitting CSV records, shared by the CSV importers (ncu/ncu_csv_reader.h, nsys/nsys_stats_csv.cpp).

#include <string>
#include <string_view>
#include <vector>

namespace opscope::importers {

// Splits one complete CSV record (RFC 4180: quoted fields may hold commas, newlines and "" for a
// quote) into `fields`. Fields that need unescaping are written to `scratch`, which must not change
// while the views are used. Used by the readers and by detection.
void splitCsvRecord(std::string_view record, std::vector<std::string_view> &fields, std::string &scratch);

// Whether the quotes in `text` leave a quoted field open at its end, given that one was open
// (`open`) at its start.
bool quoteOpenAfter(std::string_view text, bool open);

} // namespace opscope::importers
