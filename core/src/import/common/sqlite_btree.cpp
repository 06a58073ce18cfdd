// The direct reader of SQLite table b-trees; see sqlite_btree.h for what it reads and what it leaves to SQLite.
#include "import/common/sqlite_btree.h"

#include "opscope/file_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace opscope::sqlite_btree {

namespace {

constexpr uint8_t kInteriorTable = 0x05;
constexpr uint8_t kLeafTable = 0x0D;
constexpr unsigned kMaxDepth = 20; // SQLite's BTCURSOR_MAX_DEPTH: no real tree is deeper
constexpr uint32_t kRunPages = 64; // consecutive leaves read with one pread

uint32_t be16(const uint8_t *p)
{
    return uint32_t(p[0]) << 8 | p[1];
}
uint32_t be32(const uint8_t *p)
{
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

// SQLite's variable-length integer: 1 to 9 bytes, big-endian, 7 bits a byte, all 8 bits of the 9th.
// False when it does not end before `end`.
bool readVarint(const uint8_t *&p, const uint8_t *end, uint64_t &value)
{
    value = 0;
    for (int i = 0; i < 8; ++i) {
        if (p >= end)
            return false;
        const uint8_t b = *p++;
        value = value << 7 | (b & 0x7f);
        if (!(b & 0x80))
            return true;
    }
    if (p >= end)
        return false;
    value = value << 8 | *p++;
    return true;
}

// Bytes a value of serial type `type` takes in the record; false for the reserved types 10 and 11.
bool serialSize(uint64_t type, uint64_t &size)
{
    static constexpr uint8_t kSmall[10] = {0, 1, 2, 3, 4, 6, 8, 8, 0, 0};
    if (type < 10) {
        size = kSmall[type];
        return true;
    }
    if (type < 12)
        return false;
    size = (type - 12) / 2;
    return true;
}

bool nonEmptyFile(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && st.st_size > 0;
}

// The b-tree page header: after the file header on page 1.
uint32_t headerOffset(uint32_t page)
{
    return page == 1 ? 100 : 0;
}

} // namespace

std::unique_ptr<File> File::open(const std::string &path, std::string &whyNot)
{
    // A journal or WAL beside the file holds changes the file itself does not show; SQLite knows what to
    // do with them, this reader does not.
    for (const char *suffix : {"-wal", "-journal"})
        if (nonEmptyFile(path + suffix)) {
            whyNot = std::string("a ") + (suffix + 1) + " file lies beside it";
            return nullptr;
        }
    std::unique_ptr<File> file(new File());
    file->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file->fd_ < 0) {
        whyNot = std::string("cannot open: ") + std::strerror(errno);
        return nullptr;
    }
    struct stat st {};
    uint8_t h[100];
    if (::fstat(file->fd_, &st) != 0 || ::pread(file->fd_, h, sizeof h, 0) != ssize_t(sizeof h)) {
        whyNot = "cannot read the file header";
        return nullptr;
    }
    if (!hasSqliteMagic(std::string_view(reinterpret_cast<const char *>(h), sizeof h))) {
        whyNot = "not an SQLite 3 file";
        return nullptr;
    }
    const uint32_t pageSize = be16(h + 16) == 1 ? 65536 : be16(h + 16);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1))) {
        whyNot = "bad page size";
        return nullptr;
    }
    // Versions 1/1: rollback journal; 2/2 is WAL, where the newest pages may live in the -wal file.
    if (h[18] != 1 || h[19] != 1) {
        whyNot = "not in rollback-journal mode (WAL or a newer file format)";
        return nullptr;
    }
    // The payload fractions are fixed at 64, 32, 32 by the format; the overflow thresholds depend on them.
    if (h[21] != 64 || h[22] != 32 || h[23] != 32 || pageSize - h[20] < 480) {
        whyNot = "unexpected reserved space or payload fractions";
        return nullptr;
    }
    if (be32(h + 56) != 1) {
        whyNot = "text encoding is not UTF-8";
        return nullptr;
    }
    const uint32_t schemaFormat = be32(h + 44);
    if (schemaFormat < 1 || schemaFormat > 4) {
        whyNot = "unknown schema format";
        return nullptr;
    }
    const uint64_t filePages = uint64_t(st.st_size) / pageSize;
    // The size in the header counts when the change counters agree (SQLite 3.7.0+); SQLite reports a file
    // shorter than that as damaged, which is its call to make.
    uint64_t pages = filePages;
    if (be32(h + 24) == be32(h + 92) && be32(h + 28) != 0) {
        pages = be32(h + 28);
        if (pages > filePages) {
            whyNot = "the file is shorter than its header says (truncated?)";
            return nullptr;
        }
    }
    if (pages == 0 || pages > UINT32_MAX - kRunPages) {
        whyNot = "bad page count";
        return nullptr;
    }
    file->pageSize_ = pageSize;
    file->usableSize_ = pageSize - h[20];
    file->pageCount_ = uint32_t(pages);
    return file;
}

File::~File()
{
    if (fd_ >= 0)
        ::close(fd_);
}

bool File::readPages(uint32_t first, uint32_t count, uint8_t *out) const
{
    if (first == 0 || count == 0 || first > pageCount_ || count > pageCount_ - first + 1)
        return false;
    size_t want = size_t(count) * pageSize_;
    off_t offset = off_t(first - 1) * off_t(pageSize_);
    while (want > 0) {
        const ssize_t got = ::pread(fd_, out, want, offset);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        out += got;
        want -= size_t(got);
        offset += got;
    }
    return true;
}

std::vector<Leaf> collectLeaves(const File &file, uint32_t root)
{
    std::vector<Leaf> leaves;
    const uint32_t usable = file.usableSize();
    std::vector<uint8_t> page(file.pageSize()), probe(file.pageSize());
    std::vector<bool> seen(size_t(file.pageCount()) + 1);
    auto fail = [](std::string reason) -> std::vector<Leaf> { throw Damaged{std::move(reason)}; };
    auto read = [&](uint32_t number, std::vector<uint8_t> &into) {
        return number >= 1 && number <= file.pageCount() && file.readPages(number, 1, into.data());
    };

    struct Frame {
        uint32_t page;
        int64_t lower, upper; // the rowids the subtree may hold: (lower, upper], no lower bound if !bounded
        bool bounded;
        unsigned depth;
    };
    std::vector<Frame> stack{{root, 0, INT64_MAX, false, 0}};
    unsigned leafDepth = 0; // 0 until known; all leaves of a b-tree are at the same depth
    std::vector<Frame> children;
    while (!stack.empty()) {
        const Frame frame = stack.back();
        stack.pop_back();
        if (frame.depth >= kMaxDepth)
            return fail("interior pages nested deeper than SQLite allows (a cycle?)");
        if (!read(frame.page, page))
            return fail("page " + std::to_string(frame.page) + " is past the end of the file");
        if (seen[frame.page])
            return fail("page " + std::to_string(frame.page) + " is reached twice");
        seen[frame.page] = true;
        const uint8_t *h = page.data() + headerOffset(frame.page);
        if (h[0] == kLeafTable && frame.depth == 0) {
            leaves.push_back({frame.page, INT64_MAX, true});
            return leaves;
        }
        if (h[0] != kInteriorTable || (leafDepth && frame.depth + 1 > leafDepth))
            return fail("page " + std::to_string(frame.page) + " is not an interior table page where one belongs");
        const uint32_t cells = be16(h + 3);
        const uint32_t cellArray = uint32_t(h - page.data()) + 12;
        // SQLite may leave the root with no cell and only its right-most child; any other page has cells.
        if ((cells == 0 && frame.depth > 0) || cellArray + 2 * cells > usable)
            return fail("interior page " + std::to_string(frame.page) + " has a bad cell count");
        children.clear();
        int64_t lower = frame.lower;
        bool bounded = frame.bounded;
        for (uint32_t i = 0; i < cells; ++i) {
            const uint32_t offset = be16(page.data() + cellArray + 2 * i);
            if (offset < cellArray + 2 * cells || offset + 5 > usable)
                return fail("a cell of interior page " + std::to_string(frame.page) + " lies outside the page");
            const uint8_t *p = page.data() + offset + 4;
            uint64_t key = 0;
            if (!readVarint(p, page.data() + usable, key))
                return fail("a cell of interior page " + std::to_string(frame.page) + " runs past the page");
            const int64_t rowid = int64_t(key);
            if ((bounded && rowid <= lower) || rowid > frame.upper)
                return fail("the keys of interior page " + std::to_string(frame.page) + " are out of order");
            children.push_back({be32(page.data() + offset), lower, rowid, bounded, frame.depth + 1});
            lower = rowid;
            bounded = true;
        }
        children.push_back({be32(h + 8), lower, frame.upper, bounded, frame.depth + 1});
        if (!leafDepth) {
            // The first child's type tells the depth of the leaves; below it, children are not read at all.
            if (!read(children.front().page, probe))
                return fail("page " + std::to_string(children.front().page) + " is past the end of the file");
            if (probe[headerOffset(children.front().page)] == kLeafTable)
                leafDepth = frame.depth + 1;
        }
        if (leafDepth == frame.depth + 1) {
            for (const Frame &child : children) {
                if (child.page == 0 || child.page > file.pageCount())
                    return fail("page " + std::to_string(child.page) + " is past the end of the file");
                if (seen[child.page])
                    return fail("page " + std::to_string(child.page) + " is reached twice");
                seen[child.page] = true;
                leaves.push_back({child.page, child.upper, false});
            }
        } else {
            stack.insert(stack.end(), children.rbegin(), children.rend());
        }
    }
    return leaves;
}

RowCursor::RowCursor(const File &file, const Leaf *begin, const Leaf *end, std::optional<int64_t> afterRowid,
                     uint32_t fields)
    : file_(file), leaf_(begin), end_(end), lowerRowid_(afterRowid.value_or(0)), bounded_(afterRowid.has_value()),
      fields_(fields), types_(fields), offsets_(fields)
{
}

void RowCursor::damaged(const char *what) const
{
    throw Damaged{"page " + std::to_string(leaf_->page) + ": " + what};
}

bool RowCursor::loadLeaf()
{
    const uint32_t number = leaf_->page;
    if (number < bufferFirst_ || number - bufferFirst_ >= bufferCount_) {
        // nsys writes tables one after the other, so a table's leaves mostly follow each other in the file.
        uint32_t run = 1;
        while (run < kRunPages && leaf_ + run < end_ && leaf_[run].page == number + run)
            ++run;
        buffer_.resize(size_t(kRunPages) * file_.pageSize());
        if (!file_.readPages(number, run, buffer_.data()))
            damaged("a leaf page cannot be read");
        bufferFirst_ = number;
        bufferCount_ = run;
    }
    page_ = buffer_.data() + size_t(number - bufferFirst_) * file_.pageSize();
    const uint8_t *h = page_ + headerOffset(number);
    if (h[0] != kLeafTable)
        damaged("a leaf page is not a table leaf");
    cells_ = be16(h + 3);
    cell_ = 0;
    cellArrayEnd_ = uint32_t(h - page_) + 8 + 2 * cells_;
    // SQLite reports an empty page below the root as damaged.
    if (cellArrayEnd_ > file_.usableSize() || (cells_ == 0 && !leaf_->root))
        damaged("a leaf page has a bad cell count");
    return true;
}

bool RowCursor::next()
{
    while (!started_ || cell_ >= cells_) {
        if (started_) {
            lowerRowid_ = leaf_->maxRowid;
            bounded_ = true;
            ++leaf_;
        }
        started_ = true;
        if (leaf_ >= end_)
            return false;
        loadLeaf();
    }
    const uint32_t usable = file_.usableSize();
    const uint32_t offset = be16(page_ + cellArrayEnd_ - 2 * (cells_ - cell_));
    ++cell_;
    if (offset < cellArrayEnd_ || offset >= usable)
        damaged("a cell lies outside its page");
    const uint8_t *p = page_ + offset;
    const uint8_t *pageEnd = page_ + usable;
    uint64_t payloadSize = 0, key = 0;
    if (!readVarint(p, pageEnd, payloadSize) || !readVarint(p, pageEnd, key))
        damaged("a cell runs past its page");
    // Bigger payloads continue on overflow pages (the format's X = U - 35 for table leaves).
    if (payloadSize > usable - 35)
        throw Unsupported{"a row overflows its page"};
    if (payloadSize > uint64_t(pageEnd - p))
        damaged("a cell runs past its page");
    const int64_t rowid = int64_t(key);
    if ((bounded_ && rowid <= lowerRowid_) || rowid > leaf_->maxRowid)
        damaged("rowids out of order");
    lowerRowid_ = rowid;
    bounded_ = true;
    rowid_ = rowid;

    const uint8_t *recordEnd = p + payloadSize;
    const uint8_t *h = p;
    uint64_t headerSize = 0;
    if (!readVarint(h, recordEnd, headerSize) || headerSize < uint64_t(h - p) || headerSize > payloadSize)
        damaged("a record header does not fit its record");
    const uint8_t *headerEnd = p + headerSize;
    uint64_t body = headerSize;
    present_ = 0;
    while (present_ < fields_ && h < headerEnd) {
        uint64_t type = 0, size = 0;
        if (!readVarint(h, headerEnd, type) || !serialSize(type, size))
            damaged("a record header is damaged");
        // body <= payloadSize holds throughout, so a huge size cannot wrap the sum around.
        if (size > payloadSize - body)
            damaged("a record's values do not fit it");
        types_[present_] = type;
        offsets_[present_] = uint32_t(body);
        body += size;
        ++present_;
    }
    // Where the whole header was read, the values must fill the record exactly, as SQLite checks.
    if (h >= headerEnd && body != payloadSize)
        damaged("a record's values do not fit it");
    payload_ = p;
    return true;
}

std::string_view RowCursor::bytes(uint32_t f) const
{
    const uint64_t t = type(f);
    if (t < 12)
        return {};
    return std::string_view(reinterpret_cast<const char *>(payload_ + offsets_[f]), size_t((t - 12) / 2));
}

} // namespace opscope::sqlite_btree
