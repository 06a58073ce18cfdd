// Schema discovery and the StringIds table of an Nsight Systems export.
#include "import/nsys/nsys_sqlite_internal.h"

#include "opscope/errors.h"

#include <algorithm>

namespace opscope::importers::nsys {

TableColumns::TableColumns(sql::Database &db, const std::string &table) : path_(db.path()), table_(table)
{
    sql::Statement st(db, "SELECT name FROM pragma_table_info(?1)");
    st.bind(1, std::string_view(table));
    while (st.step())
        columns_.emplace_back(st.columnText(0));
}

bool TableColumns::has(std::string_view column) const
{
    return std::find(columns_.begin(), columns_.end(), column) != columns_.end();
}

std::string TableColumns::selectList(std::span<const WantedColumn> wanted) const
{
    std::string list;
    for (const auto &[name, fallback] : wanted) {
        if (!list.empty())
            list += ", ";
        if (has(name)) {
            list += '"';
            list += name;
            list += '"';
        } else if (fallback) {
            list += fallback;
        } else {
            throw FileError(path_, "the table " + table_ + " has no column " + name +
                                       " (not an Nsight Systems export this version of OpScope knows)");
        }
    }
    return list;
}

TableSet::TableSet(sql::Database &db)
{
    // Read with the raw API: on a damaged file this is the first query, and its error deserves words.
    sqlite3_stmt *stmt = nullptr;
    int rc = sqlite3_prepare_v2(db.handle(), "SELECT type, name FROM sqlite_master WHERE type IN ('table','view')", -1,
                                &stmt, nullptr);
    if (rc == SQLITE_OK)
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
            if (const auto *text = sqlite3_column_text(stmt, 1))
                (std::string_view(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0))) == "view" ? views_
                                                                                                          : names_)
                    .emplace_back(reinterpret_cast<const char *>(text));
    const std::string message = sqlite3_errmsg(db.handle());
    sqlite3_finalize(stmt);
    if ((rc & 0xff) == SQLITE_INTERRUPT)
        db.throwInterrupted();
    if (rc != SQLITE_DONE) {
        if ((rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB)
            throw FileError(db.path(), "damaged SQLite database (" + message + "); is the file complete?");
        throw FileError(db.path(), "cannot read the list of tables: " + message);
    }
}

bool TableSet::has(std::string_view table) const
{
    return std::find(names_.begin(), names_.end(), table) != names_.end();
}

bool TableSet::isView(std::string_view name) const
{
    return std::find(views_.begin(), views_.end(), name) != views_.end();
}

std::string_view stripApiVersion(std::string_view name)
{
    const auto v = name.rfind("_v");
    if (v == std::string_view::npos || v + 2 == name.size())
        return name;
    for (size_t i = v + 2; i < name.size(); ++i)
        if (name[i] < '0' || name[i] > '9')
            return name;
    return name.substr(0, v);
}

void NsysStrings::load(sql::Database &db)
{
    const int64_t rows = db.queryInt("SELECT count(*) FROM StringIds", 0);
    // nsys numbers its strings densely from 0; ids far beyond the row count go to a map.
    const int64_t denseLimit = 4 * std::max<int64_t>(rows, 0) + 65536;
    sql::Statement st(db, "SELECT id, value FROM StringIds");
    while (st.step()) {
        const int64_t id = st.columnInt(0);
        if (id < 0 || id >= int64_t(kLocalText))
            continue; // cannot be referenced from an event row's 32-bit reference
        const std::string_view value = st.columnText(1);
        Span span{arena_.size(), uint32_t(std::min<size_t>(value.size(), UINT32_MAX - 1))};
        arena_.append(value.data(), span.length);
        if (id < denseLimit) {
            if (size_t(id) >= spans_.size())
                spans_.resize(size_t(id) + 1);
            spans_[size_t(id)] = span;
        } else {
            sparse_[uint32_t(id)] = span;
        }
    }
    interned_.assign(spans_.size(), kNoString);
    apiInterned_.assign(spans_.size(), kNoString);
}

bool NsysStrings::find(uint32_t id, std::string_view &out) const
{
    const Span *span = nullptr;
    if (id < spans_.size()) {
        span = &spans_[id];
    } else if (auto it = sparse_.find(id); it != sparse_.end()) {
        span = &it->second;
    }
    if (!span || span->length == UINT32_MAX)
        return false;
    out = std::string_view(arena_.data() + span->offset, span->length);
    return true;
}

StringId NsysStrings::intern(Profile &p, uint32_t id)
{
    StringId *slot = id < interned_.size() ? &interned_[id] : nullptr;
    if (slot && *slot != kNoString)
        return *slot;
    if (!slot) {
        if (auto it = sparseInterned_.find(id); it != sparseInterned_.end())
            return it->second;
    }
    std::string_view text;
    if (!find(id, text))
        return kNoString;
    const StringId s = p.intern(text);
    if (slot)
        *slot = s;
    else
        sparseInterned_[id] = s;
    return s;
}

StringId NsysStrings::internApiName(Profile &p, uint32_t id)
{
    StringId *slot = id < apiInterned_.size() ? &apiInterned_[id] : nullptr;
    if (slot && *slot != kNoString)
        return *slot;
    if (!slot) {
        if (auto it = sparseApiInterned_.find(id); it != sparseApiInterned_.end())
            return it->second;
    }
    std::string_view text;
    if (!find(id, text))
        return kNoString;
    const StringId s = p.intern(stripApiVersion(text));
    if (slot)
        *slot = s;
    else
        sparseApiInterned_[id] = s;
    return s;
}

} // namespace opscope::importers::nsys
