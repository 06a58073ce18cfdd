// CSV records (RFC 4180) as the profilers write them; see csv.h.
#include "import/common/csv.h"

#include <algorithm>

namespace opscope::importers {

namespace {

// How a quote inside a quoted field that is followed by neither a quote, a comma nor the end is read.
// Valid CSV never has one; ncu writes one when an NVTX message holds a double quote (it does not
// escape them), and a program's own output line may too.
enum class StrayQuote {
    Literal,   // part of the field (what ncu meant)
    EndsQuote, // ends the quoted part; the field goes on unquoted up to the next comma (Python's csv)
};

// One pass over CSV text. Returns whether the text ends inside a quoted field; with `fields`, also
// splits it (texts that need rewriting go to `scratch`, reserved by the caller so it never moves).
bool scanCsv(std::string_view text, bool startQuoted, StrayQuote stray, std::vector<std::string_view> *fields,
             std::string *scratch)
{
    const size_t n = text.size();
    size_t pos = 0;
    bool quoted = startQuoted;
    while (true) {
        if (!quoted && pos < n && text[pos] == '"') {
            quoted = true;
            ++pos;
        }
        if (quoted) {
            const size_t begin = pos;
            bool escaped = false;
            size_t i = pos;
            bool closed = false;
            size_t strayAt = std::string_view::npos; // EndsQuote: where the quoted part ended early
            while (i < n) {
                if (text[i] != '"') {
                    ++i;
                    continue;
                }
                if (i + 1 < n && text[i + 1] == '"') {
                    escaped = true;
                    i += 2;
                    continue;
                }
                if (i + 1 == n || text[i + 1] == ',' || text[i + 1] == '\n') {
                    closed = true;
                    break;
                }
                if (stray == StrayQuote::EndsQuote) {
                    strayAt = i;
                    closed = true;
                    break;
                }
                ++i; // a stray quote, kept as a character
            }
            if (!closed) {
                if (fields) // an unfinished field: keep what there is
                    fields->push_back(text.substr(begin));
                return true;
            }
            // The unquoted tail after a stray quote, up to the next comma.
            size_t fieldEnd = i + 1;
            if (strayAt != std::string_view::npos) {
                fieldEnd = std::min(text.find(',', i + 1), n);
                escaped = true; // the tail is appended below
            }
            if (fields) {
                const std::string_view content = text.substr(begin, i - begin);
                if (!escaped) {
                    fields->push_back(content);
                } else {
                    const size_t start = scratch->size();
                    for (size_t k = 0; k < content.size(); ++k) {
                        scratch->push_back(content[k]);
                        if (content[k] == '"' && k + 1 < content.size() && content[k + 1] == '"')
                            ++k; // the second quote of a pair
                    }
                    if (strayAt != std::string_view::npos)
                        scratch->append(text.substr(i + 1, fieldEnd - i - 1));
                    fields->emplace_back(scratch->data() + start, scratch->size() - start);
                }
            }
            quoted = false;
            pos = fieldEnd;
            if (pos >= n)
                return false;
            ++pos; // the comma
            if (pos == n) {
                if (fields)
                    fields->emplace_back(); // a trailing comma leaves an empty last field
                return false;
            }
            continue;
        }
        const size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) {
            if (fields)
                fields->push_back(text.substr(std::min(pos, n)));
            return false;
        }
        if (fields)
            fields->push_back(text.substr(pos, comma - pos));
        pos = comma + 1;
    }
}

} // namespace

bool quoteOpenAfter(std::string_view text, bool open)
{
    // Python's reading decides where a record ends: a stray quote does not keep a field open, so a
    // program's line such as '"done" at 12:00' cannot swallow the lines after it.
    return scanCsv(text, open, StrayQuote::EndsQuote, nullptr, nullptr);
}

void splitCsvRecord(std::string_view record, std::vector<std::string_view> &fields, std::string &scratch)
{
    fields.clear();
    scratch.clear();
    scratch.reserve(record.size()); // never reallocates below, so views into it stay valid
    // ncu's reading first (stray quotes are text), which keeps an NVTX message with a quote in one
    // field; if that leaves the record open, the record is not ncu's: read it as Python would.
    if (scanCsv(record, false, StrayQuote::Literal, &fields, &scratch)) {
        fields.clear();
        scratch.clear();
        scanCsv(record, false, StrayQuote::EndsQuote, &fields, &scratch);
    }
}

} // namespace opscope::importers
