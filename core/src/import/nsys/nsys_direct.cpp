// Which event tables of an Nsight Systems export are read straight from their b-trees, and where each
// selected column sits in their records. SQLite itself says where the table starts and what its columns
// are; anything unusual about a table leaves it to SQLite.
#include "import/nsys/nsys_sqlite_internal.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace opscope::importers::nsys {

namespace {

std::string upper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return out;
}

struct ColumnInfo {
    std::string name;
    std::string type;
    int64_t cid = 0;
    bool hasDefault = false;
    bool primaryKey = false;
};

// The constant a fallback literal of a WantedColumn stands for.
bool constantOf(const char *literal, ColumnSource &out)
{
    const std::string_view text(literal);
    if (upper(text) == "NULL") {
        out.kind = ColumnSource::Null;
        return true;
    }
    out.kind = ColumnSource::Constant;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out.value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

} // namespace

FileError damagedTable(const std::string &path, const std::string &table, const sqlite_btree::Damaged &damage)
{
    return FileError(path, "damaged SQLite database: the b-tree of table " + table + " is broken (" + damage.reason +
                               "); is the file complete?");
}

std::shared_ptr<const DirectTable> planDirectRead(sql::Database &db, std::shared_ptr<const sqlite_btree::File> file,
                                                  const std::string &table, const TableColumns &columns,
                                                  std::span<const WantedColumn> wanted, std::string &whyNot)
{
    int64_t root = 0;
    std::string schema;
    {
        sql::Statement st(db, "SELECT type, rootpage, sql FROM sqlite_master WHERE name = ?1");
        st.bind(1, std::string_view(table));
        if (!st.step() || st.columnText(0) != "table") {
            whyNot = "not a table";
            return nullptr;
        }
        root = st.columnInt(1);
        schema = upper(st.columnText(2));
    }
    // A WITHOUT ROWID table is an index b-tree; a virtual table has no pages (root 0).
    if (root <= 0 || root > int64_t(file->pageCount()) || schema.find("WITHOUT ROWID") != std::string::npos) {
        whyNot = "not a rowid table";
        return nullptr;
    }

    std::vector<ColumnInfo> info;
    int primaryKeys = 0;
    {
        sql::Statement st(db, "SELECT cid, name, type, dflt_value IS NOT NULL, pk, hidden FROM pragma_table_xinfo(?1)");
        st.bind(1, std::string_view(table));
        while (st.step()) {
            // Generated columns are not stored (or stored out of order) in the record.
            if (st.columnInt(5) != 0) {
                whyNot = "it has generated or hidden columns";
                return nullptr;
            }
            info.push_back({std::string(st.columnText(1)), upper(st.columnText(2)), st.columnInt(0),
                            st.columnInt(3) != 0, st.columnInt(4) != 0});
            primaryKeys += info.back().primaryKey ? 1 : 0;
        }
    }

    auto plan = std::make_shared<DirectTable>();
    plan->file = file;
    for (const WantedColumn &column : wanted) {
        ColumnSource source;
        // The same test as the SELECT list's, so both readers take the same columns.
        if (!columns.has(column.name)) {
            if (!column.fallback || !constantOf(column.fallback, source)) {
                whyNot = std::string("no plan for column ") + column.name;
                return nullptr;
            }
            plan->columns.push_back(source);
            continue;
        }
        const auto it =
            std::find_if(info.begin(), info.end(), [&](const ColumnInfo &c) { return c.name == column.name; });
        if (it == info.end()) {
            whyNot = std::string("column ") + column.name + " is not in table_xinfo";
            return nullptr;
        }
        if (it->primaryKey) {
            // The one INTEGER PRIMARY KEY is the rowid, stored as NULL in the record; "INTEGER PRIMARY KEY
            // DESC" is SQLite's documented exception, left to SQLite with any other key.
            if (primaryKeys != 1 || it->type != "INTEGER" || schema.find("DESC") != std::string::npos) {
                whyNot = std::string("column ") + column.name + " is a primary key other than the rowid";
                return nullptr;
            }
            source.kind = ColumnSource::Rowid;
            plan->columns.push_back(source);
            continue;
        }
        // Rows written before an ALTER TABLE ADD COLUMN lack the column and read its default.
        if (it->hasDefault || it->cid < 0) {
            whyNot = std::string("column ") + column.name + " has a default value";
            return nullptr;
        }
        source.kind = ColumnSource::Field;
        source.field = uint32_t(it->cid);
        plan->fields = std::max(plan->fields, source.field + 1);
        plan->columns.push_back(source);
    }
    try {
        plan->leaves = sqlite_btree::collectLeaves(*file, uint32_t(root));
    } catch (const sqlite_btree::Damaged &damage) {
        throw damagedTable(db.path(), table, damage);
    }
    return plan;
}

} // namespace opscope::importers::nsys
