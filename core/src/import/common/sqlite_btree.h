#pragma once
// A narrow, read-only reader of the table b-trees of an SQLite file (https://www.sqlite.org/fileformat2.html),
// for bulk scans of big tables: stepping a row through SQLite's VDBE costs about 120 ns, decoding the record
// straight from the page about 15 ns.
//
// It reads what it can prove it understands and nothing else: a rollback-journal file with UTF-8 text and
// no journal beside it, rowid tables, rows stored whole on their leaf page, integer, NULL and text values.
// Anything else (a WAL file, an overflowing row, a REAL where an integer is read) makes it refuse or throw
// Unsupported, and the caller reads the same rows through SQLite, which stays the reference.
//
// A page that breaks the format's rules (a pointer past the end of the file, a cell outside its page, keys
// out of order, a page reached twice) throws Damaged. SQLite does not check all of these when it reads (it
// masks a cell offset into the page, for one) and may return rows made of whatever bytes it lands on;
// reporting the damage is the better answer.
//
// Pages are read with pread, not mapped: a file truncated by someone else while it is read gives a short
// read (and the SQLite path), not a SIGBUS.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::sqlite_btree {

// Thrown by RowCursor when a row is outside what the reader handles; `reason` is a static string.
struct Unsupported {
    const char *reason;
};
// Thrown when a page breaks the file format; `reason` names the page and what is wrong with it.
struct Damaged {
    std::string reason;
};

// An SQLite file opened for direct reading.
class File {
public:
    // nullptr, with the reason in `whyNot`, when reading the file directly is not safe or not supported.
    static std::unique_ptr<File> open(const std::string &path, std::string &whyNot);
    ~File();
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    uint32_t pageSize() const { return pageSize_; }
    uint32_t usableSize() const { return usableSize_; }
    uint32_t pageCount() const { return pageCount_; }
    // Reads pages [first, first + count) into `out` (count * pageSize bytes); false when a page is out of
    // range or the read comes short.
    bool readPages(uint32_t first, uint32_t count, uint8_t *out) const;

private:
    File() = default;
    int fd_ = -1;
    uint32_t pageSize_ = 0, usableSize_ = 0, pageCount_ = 0;
};

// A leaf page of a table b-tree and the rowids its parents allow on it: (previous leaf's maxRowid, maxRowid].
struct Leaf {
    uint32_t page = 0;
    int64_t maxRowid = INT64_MAX;
    bool root = false; // the table's only page, which may be empty
};

// The leaves of the table b-tree rooted at `root`, left to right (rowid order), from its interior pages
// only. Throws Damaged when the interior pages do not form a proper tree (a page out of range, a cell
// outside its page, keys out of order, a page reached twice, deeper than SQLite allows).
std::vector<Leaf> collectLeaves(const File &file, uint32_t root);

// SQLite's serial types (the record format): 0 NULL, 1..6 integers, 7 REAL, 8 and 9 the integers 0 and 1,
// even >= 12 a BLOB, odd >= 13 a TEXT.
inline bool isIntegerType(uint64_t type)
{
    return (type >= 1 && type <= 6) || type == 8 || type == 9;
}
inline bool isTextType(uint64_t type)
{
    return type >= 13 && (type & 1);
}

// The rows of leaves [begin, end) of one table, in rowid order, with the first `fields` fields of each
// record decoded. The first leaf's rowids must be above `afterRowid` where it is given.
class RowCursor {
public:
    RowCursor(const File &file, const Leaf *begin, const Leaf *end, std::optional<int64_t> afterRowid, uint32_t fields);

    // Moves to the next row; false after the last. Throws Unsupported or Damaged.
    bool next();
    int64_t rowid() const { return rowid_; }
    // Serial type of field f; 0 (NULL) for fields the record does not have (a column added by ALTER TABLE
    // after the row was written). f < fields.
    uint64_t type(uint32_t f) const { return f < present_ ? types_[f] : 0; }
    // The value of an integer field (isIntegerType), 0 for NULL; throws Unsupported for other types.
    // Inline: it runs for every column of every row.
    int64_t integer(uint32_t f) const
    {
        if (f >= present_)
            return 0;
        const uint8_t *v = payload_ + offsets_[f];
        const auto be16 = [](const uint8_t *p) { return uint32_t(p[0]) << 8 | p[1]; };
        const auto be32 = [](const uint8_t *p) {
            return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
        };
        switch (types_[f]) {
        case 0:
        case 8:
            return 0;
        case 1:
            return int8_t(v[0]);
        case 2:
            return int16_t(be16(v));
        case 3:
            return int32_t(uint32_t(v[0]) << 24 | uint32_t(v[1]) << 16 | uint32_t(v[2]) << 8) >> 8;
        case 4:
            return int32_t(be32(v));
        case 5:
            return int64_t((uint64_t(be16(v)) << 48) | (uint64_t(be32(v + 2)) << 16)) >> 16;
        case 6:
            return int64_t(uint64_t(be32(v)) << 32 | be32(v + 4));
        case 9:
            return 1;
        default:
            // SQLite converts REAL, TEXT and BLOB to integers by its own rules: it reads such rows itself.
            throw Unsupported{"a value is not an integer"};
        }
    }
    // The bytes of a TEXT or BLOB field.
    std::string_view bytes(uint32_t f) const;

private:
    bool loadLeaf();
    [[noreturn]] void damaged(const char *what) const;

    const File &file_;
    const Leaf *leaf_, *end_;
    int64_t lowerRowid_; // the next rowid must be above it (when bounded_)
    bool bounded_;
    uint32_t fields_;
    std::vector<uint8_t> buffer_; // a run of consecutive pages
    uint32_t bufferFirst_ = 0, bufferCount_ = 0;
    const uint8_t *page_ = nullptr; // the current leaf
    uint32_t cells_ = 0, cell_ = 0, cellArrayEnd_ = 0;
    bool started_ = false;
    int64_t rowid_ = 0;
    const uint8_t *payload_ = nullptr;
    uint32_t present_ = 0;
    std::vector<uint64_t> types_;
    std::vector<uint32_t> offsets_; // of each field's value within the payload
};

} // namespace opscope::sqlite_btree
