// Comparison reports: Markdown (for a pull request or a CI summary) and a standalone HTML page.
#include "diff/diff_internal.h"

#include <cstdio>
#include <ostream>

namespace opscope {

using namespace diffdetail;

namespace {

constexpr size_t kReportNameWidth = 90;

std::string markdownCell(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (c == '|' || c == '*' || c == '_' || c == '`' || c == '<' || c == '>' || c == '[' || c == ']')
            out += '\\';
        out += c;
    }
    return out;
}

std::string html(const std::string &s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string sourceOf(const Profile &p)
{
    return p.source_path.empty() ? p.source_format : p.source_path;
}

std::string matchSummary(const ProfileDiff &diff)
{
    const DiffTotals &t = diff.totals;
    char buffer[256];
    std::snprintf(buffer, sizeof buffer,
                  "modules %zu matched, %zu added, %zu removed; operator rows %zu matched, %zu added, %zu removed; "
                  "kernels %zu matched, %zu added, %zu removed",
                  t.matchedModules, t.addedModules, t.removedModules, t.matchedOperatorRows, t.addedOperatorRows,
                  t.removedOperatorRows, t.matchedKernels, t.addedKernels, t.removedKernels);
    return buffer;
}

std::string runsNote(const ProfileDiff &diff)
{
    if (diff.beforeRuns < 2)
        return {};
    char buffer[256];
    const Significance &s = diff.totals.stepStats;
    std::snprintf(buffer, sizeof buffer,
                  "%zu BEFORE runs: kernel time mean %s, standard deviation %s; AFTER differs by %+.1f%%%s",
                  diff.beforeRuns, formatFixedDuration(int64_t(s.mean)).c_str(),
                  formatFixedDuration(int64_t(s.stddev)).c_str(), s.pctDifference,
                  s.hasZScore() ? (", z-score " + std::to_string(s.zScore)).c_str() : "");
    return buffer;
}

} // namespace

void writeDiffMarkdown(const ProfileDiff &diff, DiffLevel level, std::ostream &out)
{
    out << "# OpScope comparison\n\n";
    out << "- before: `" << sourceOf(*diff.before) << "`\n";
    out << "- after: `" << sourceOf(*diff.after) << "`\n";
    out << "- " << matchSummary(diff) << "\n";
    if (const std::string note = runsNote(diff); !note.empty())
        out << "- " << note << "\n";
    out << "\n## Totals (captured step)\n\n| | before | after | delta | ratio | change "
           "|\n|---|---:|---:|---:|---:|---:|\n";
    for (const auto &line : totalsLines(diff)) {
        out << "|";
        for (const std::string &cell : line)
            out << " " << markdownCell(cell) << " |";
        out << "\n";
    }
    if (!diff.groups.empty()) {
        out << "\n## Groups of identical layers\n\n| group | status | members | median before | median after | "
               "ratio | total before | total after |\n|---|---|---:|---:|---:|---:|---:|---:|\n";
        for (const GroupDiffRow &g : diff.groups)
            out << "| " << markdownCell(g.name) << " | " << toString(g.status) << " | " << g.members.before << " > "
                << g.members.after << " | " << formatFixedDuration(g.median.before) << " | "
                << formatFixedDuration(g.median.after) << " | " << formatRatio(g.median.before, g.median.after) << " | "
                << formatFixedDuration(g.total.before) << " | " << formatFixedDuration(g.total.after) << " |\n";
    }
    if (diff.memory.present) {
        const MemoryDiff &m = diff.memory;
        out << "\n## Peak memory (bytes)\n\n| | before | after | delta |\n|---|---:|---:|---:|\n";
        out << "| peak allocated | " << m.peakBefore << " | " << m.peakAfter << " | " << m.peakAfter - m.peakBefore
            << " |\n";
        out << "| peak reserved | " << m.reservedBefore << " | " << m.reservedAfter << " | "
            << m.reservedAfter - m.reservedBefore << " |\n";
        for (const auto *rows : {&m.byKind, &m.byModule})
            for (const MemoryDiffRow &r : *rows)
                out << "| "
                    << markdownCell((rows == &m.byKind ? "kind " : "at the peak: ") +
                                    (r.name.empty() ? "[" + r.className + "]" : r.name))
                    << " | " << r.before << " | " << r.after << " | " << r.after - r.before << " |\n";
    }
    const DiffTable table = diffTable(diff, level, false, kReportNameWidth);
    out << "\n## By " << toString(level) << "\n\n|";
    for (const std::string &h : table.header)
        out << " " << h << " |";
    out << "\n|";
    for (bool numeric : table.numeric)
        out << (numeric ? "---:|" : "---|");
    out << "\n";
    for (const auto &row : table.rows) {
        out << "|";
        for (const std::string &cell : row)
            out << " " << markdownCell(cell) << " |";
        out << "\n";
    }
    if (table.hiddenEmpty)
        out << "\n" << table.hiddenEmpty << " rows without GPU time on either side are not listed.\n";
}

void writeDiffHtml(const ProfileDiff &diff, DiffLevel level, std::ostream &out)
{
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>OpScope comparison</title>\n"
           "<style>\nbody{font-family:sans-serif;margin:2em;color:#222}\ntable{border-collapse:collapse;margin:1em 0}\n"
           "td,th{border:1px solid #ccc;padding:2px 8px;font-size:90%}\nth{background:#f0f0f0}\ntd.n{text-align:right;"
           "font-family:monospace}\ntr.added{background:#e6f4ea}\ntr.removed{background:#fce8e6}\n"
           "code{font-size:90%}\n</style>\n</head>\n<body>\n<h1>OpScope comparison</h1>\n<ul>\n";
    out << "<li>before: <code>" << html(sourceOf(*diff.before)) << "</code></li>\n";
    out << "<li>after: <code>" << html(sourceOf(*diff.after)) << "</code></li>\n";
    out << "<li>" << html(matchSummary(diff)) << "</li>\n";
    if (const std::string note = runsNote(diff); !note.empty())
        out << "<li>" << html(note) << "</li>\n";
    out << "</ul>\n<h2>Totals (captured step)</h2>\n<table>\n<tr><th></th><th>before</th><th>after</th><th>delta</th>"
           "<th>ratio</th><th>change</th></tr>\n";
    for (const auto &line : totalsLines(diff)) {
        out << "<tr><td>" << html(line[0]) << "</td>";
        for (size_t c = 1; c < line.size(); ++c)
            out << "<td class=\"n\">" << html(line[c]) << "</td>";
        out << "</tr>\n";
    }
    out << "</table>\n";
    if (!diff.groups.empty()) {
        out << "<h2>Groups of identical layers</h2>\n<table>\n<tr><th>group</th><th>status</th><th>members</th>"
               "<th>median before</th><th>median after</th><th>ratio</th><th>total before</th><th>total "
               "after</th></tr>\n";
        for (const GroupDiffRow &g : diff.groups)
            out << "<tr class=\"" << toString(g.status) << "\"><td>" << html(g.name) << "</td><td>"
                << toString(g.status) << "</td><td class=\"n\">" << g.members.before << " &gt; " << g.members.after
                << "</td><td class=\"n\">" << formatFixedDuration(g.median.before) << "</td><td class=\"n\">"
                << formatFixedDuration(g.median.after) << "</td><td class=\"n\">"
                << formatRatio(g.median.before, g.median.after) << "</td><td class=\"n\">"
                << formatFixedDuration(g.total.before) << "</td><td class=\"n\">" << formatFixedDuration(g.total.after)
                << "</td></tr>\n";
        out << "</table>\n";
    }
    const DiffTable table = diffTable(diff, level, false, kReportNameWidth);
    out << "<h2>By " << toString(level) << "</h2>\n<table>\n<tr>";
    for (const std::string &h : table.header)
        out << "<th>" << html(h) << "</th>";
    out << "</tr>\n";
    for (size_t r = 0; r < table.rows.size(); ++r) {
        out << "<tr class=\"" << toString(table.status[r]) << "\">";
        for (size_t c = 0; c < table.rows[r].size(); ++c)
            out << (table.numeric[c] ? "<td class=\"n\">" : "<td>") << html(table.rows[r][c]) << "</td>";
        out << "</tr>\n";
    }
    out << "</table>\n";
    if (table.hiddenEmpty)
        out << "<p>" << table.hiddenEmpty << " rows without GPU time on either side are not listed.</p>\n";
    out << "</body>\n</html>\n";
}

} // namespace opscope
