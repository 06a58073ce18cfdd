#pragma once
// The Memory tab's tables on the shared Selection (memory_models.h):
// - MemoryShareTable: the shares at the peak by module (picking one selects its module; a module
//   selected anywhere highlights its share and those below it) or by kind;
// - MemoryBlockTable: the blocks; a module selected anywhere keeps the blocks of that module and those
//   below it, an operator highlights the blocks it allocated, and picking a block selects the operator
//   that allocated it (else its module).

#include "models/memory_models.h"
#include "views/data_view.h"

class QCheckBox;

namespace opscope::ui {

class MemoryShareTable : public DataView {
    Q_OBJECT
public:
    MemoryShareTable(MemoryShareModel::By by, Selection *selection, QWidget *parent = nullptr);
    void setDevice(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report,
                   int device);
    MemoryShareModel *model() const { return model_; }

protected:
    void pick(const QModelIndex &sourceIndex) override;
    QModelIndexList rowsFor(const Selection::State &state) const override;

private:
    MemoryShareModel *model_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
};

class MemoryBlockTable : public DataView {
    Q_OBJECT
public:
    explicit MemoryBlockTable(Selection *selection, QWidget *parent = nullptr);
    void setReport(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report);
    void setDevice(int device);
    MemoryBlockModel *model() const { return model_; }
    QCheckBox *peakOnly() const { return peakOnly_; }

signals:
    void filterChanged(); // the blocks shown changed (device, module, peak only)

protected:
    void pick(const QModelIndex &sourceIndex) override;
    QModelIndexList rowsFor(const Selection::State &state) const override;
    void follow() override;

private:
    void applyFilter(MemoryBlockModel::Filter filter);

    MemoryBlockModel *model_;
    QCheckBox *peakOnly_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
};

} // namespace opscope::ui
