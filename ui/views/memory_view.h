#pragma once
// The Memory tab (docs/memory.md, "In the explorer"): a device's peak of allocated and reserved bytes
// and the fragmentation at it, what holds the peak by kind and by module (bars of the peak), and the
// allocator's blocks (alive at the peak, or all) with the operators and module that allocated and
// freed them. Filled from the MemoryReport the loader computed off the GUI thread; follows the shared
// Selection (memory_tables.h). A profile without allocator events says why and how to get them.

#include "opscope/memory.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace opscope::ui {

class MemoryBlockTable;
class MemoryShareTable;
class Selection;
struct ProfileAnalysis;

class MemoryView : public QWidget {
    Q_OBJECT
public:
    explicit MemoryView(Selection *selection, QWidget *parent = nullptr);

    void setReport(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report);
    // The device shown (a report's devices index).
    void setDevice(int device);
    int device() const { return device_; }
    bool hasMemory() const;

    QLabel *summary() const { return summary_; }
    QLabel *scope() const { return scope_; }          // what the block table holds now
    QPushButton *showAll() const { return showAll_; } // shown while a module filters the blocks: clears it
    QLabel *emptyMessage() const { return empty_; }
    QComboBox *deviceBox() const { return devices_; }
    MemoryShareTable *byKind() const { return byKind_; }
    MemoryShareTable *byModule() const { return byModule_; }
    MemoryBlockTable *blocks() const { return blocks_; }

private:
    void updateScope();

    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::shared_ptr<const MemoryReport> report_;
    int device_ = 0;
    QStackedWidget *pages_;
    QLabel *empty_;
    QComboBox *devices_;
    QLabel *summary_;
    QLabel *scope_;
    QPushButton *showAll_;
    MemoryShareTable *byKind_;
    MemoryShareTable *byModule_;
    MemoryBlockTable *blocks_;
};

} // namespace opscope::ui
