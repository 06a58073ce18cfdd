#pragma once
// Splits Nsight Compute's console stream into CSV records.
//
// `ncu --csv` output is often mixed with other lines (==PROF==, ==WARNING==, ==ERROR==, whatever the
// profiled program prints). Every CSV record ncu writes starts with a quote, so a line that does not,
// and is not the continuation of a quoted field that spans lines, is not part of the table.

#include "import/common/csv.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::importers::ncu {

class CsvRecordReader {
public:
    // Feeds one line without its end-of-line characters. Returns true when a record is complete;
    // its fields are then in fields() until the next call.
    bool feedLine(std::string_view line);
    // True while a quoted field is still open (a record spans lines, or the input ended inside one).
    bool pending() const { return !pending_.empty(); }
    // Drops the unfinished record; returns how many bytes it had.
    size_t dropPending();

    const std::vector<std::string_view> &fields() const { return fields_; }
    size_t recordLines() const { return recordLines_; } // lines the last record spanned
    size_t noiseLines() const { return noiseLines_; }   // lines skipped as not CSV

private:
    void split(std::string_view record);

    std::string pending_; // an unfinished record, joined with '\n'
    std::string record_;  // the last record that spanned lines
    size_t pendingLines_ = 0;
    size_t recordLines_ = 0;
    size_t noiseLines_ = 0;
    std::string unescaped_; // field texts that needed "" -> " rewriting
    std::vector<std::string_view> fields_;
};

} // namespace opscope::importers::ncu
