#include "opscope/profile_check.h"

#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace opscope {

namespace {

// Collects the first problem; later checks are skipped once one is found.
class Checker {
public:
    explicit Checker(const Profile &p) : p_(p) {}

    void text(const char *table, size_t row, const char *field, StringId id)
    {
        if (problem_.empty() && id != kNoString && id >= p_.strings.size())
            fail(table, row, field, id, p_.strings.size(), "strings");
    }
    void ref(const char *table, size_t row, const char *field, Index index, size_t size, const char *target)
    {
        if (problem_.empty() && index != kNoIndex && index >= size)
            fail(table, row, field, index, size, target);
    }
    // A reference that may not be absent (counter owners, link ends).
    void required(const char *table, size_t row, const char *field, Index index, size_t size, const char *target)
    {
        if (problem_.empty() && index >= size)
            fail(table, row, field, index, size, target);
    }
    // end - start must be representable: every duration() and total relies on it.
    template <class Event> void span(const char *table, const std::vector<Event> &events)
    {
        for (size_t i = 0; i < events.size() && problem_.empty(); ++i) {
            int64_t duration = 0;
            if (__builtin_sub_overflow(events[i].end_ns, events[i].start_ns, &duration))
                problem_ = std::string(table) + "[" + std::to_string(i) + "] spans more than 2^63 ns (start_ns " +
                           std::to_string(events[i].start_ns) + ", end_ns " + std::to_string(events[i].end_ns) + ")";
        }
    }
    const std::string &problem() const { return problem_; }

private:
    void fail(const char *table, size_t row, const char *field, uint64_t value, size_t size, const char *target)
    {
        problem_ = std::string(table) + "[" + std::to_string(row) + "]." + field + " = " + std::to_string(value) +
                   " but there are " + std::to_string(size) + " " + target;
    }

    const Profile &p_;
    std::string problem_;
};

void checkCounters(Checker &c, const char *table, std::span<const MetricValue> values, size_t owners,
                   const char *ownerTable, size_t metrics)
{
    for (size_t i = 0; i < values.size() && c.problem().empty(); ++i) {
        c.required(table, i, "owner", values[i].owner, owners, ownerTable);
        c.required(table, i, "metric", values[i].metric, metrics, "metrics");
        c.text(table, i, "text", values[i].text);
    }
}

} // namespace

std::string findBrokenReference(const Profile &p)
{
    Checker c(p);
    const size_t threads = p.threads.size(), ops = p.operators.size(), modules = p.modules.size(),
                 ranges = p.ranges.size();
    for (size_t i = 0; i < p.devices.size(); ++i)
        c.text("devices", i, "name", p.devices[i].name);
    for (size_t i = 0; i < p.threads.size(); ++i)
        c.text("threads", i, "name", p.threads[i].name);
    for (size_t i = 0; i < p.kernels.size() && c.problem().empty(); ++i) {
        const Kernel &k = p.kernels[i];
        c.text("kernels", i, "name", k.name);
        c.text("kernels", i, "short_name", k.short_name);
        c.text("kernels", i, "label", k.label);
        c.text("kernels", i, "unattributed_reason", k.unattributed_reason);
        c.ref("kernels", i, "launch_thread", k.launch_thread, threads, "threads");
        c.ref("kernels", i, "op", k.op, ops, "operators");
        c.ref("kernels", i, "module", k.module, modules, "modules");
        c.ref("kernels", i, "range", k.range, ranges, "ranges");
    }
    for (size_t i = 0; i < p.operators.size() && c.problem().empty(); ++i) {
        const Operator &o = p.operators[i];
        c.text("operators", i, "name", o.name);
        c.text("operators", i, "shapes", o.shapes);
        c.text("operators", i, "label", o.label);
        c.ref("operators", i, "thread", o.thread, threads, "threads");
        c.ref("operators", i, "parent", o.parent, ops, "operators");
        c.ref("operators", i, "module", o.module, modules, "modules");
        c.ref("operators", i, "range", o.range, ranges, "ranges");
    }
    for (size_t i = 0; i < p.modules.size() && c.problem().empty(); ++i) {
        const ModuleInstance &m = p.modules[i];
        c.text("modules", i, "path", m.path);
        c.text("modules", i, "class_name", m.class_name);
        c.ref("modules", i, "parent", m.parent, modules, "modules");
        c.ref("modules", i, "thread", m.thread, threads, "threads");
        c.ref("modules", i, "range", m.range, ranges, "ranges");
    }
    for (size_t i = 0; i < p.ranges.size() && c.problem().empty(); ++i) {
        c.text("ranges", i, "text", p.ranges[i].text);
        c.text("ranges", i, "domain", p.ranges[i].domain);
        c.ref("ranges", i, "thread", p.ranges[i].thread, threads, "threads");
    }
    for (size_t i = 0; i < p.api_calls.size() && c.problem().empty(); ++i) {
        c.text("api_calls", i, "name", p.api_calls[i].name);
        c.ref("api_calls", i, "thread", p.api_calls[i].thread, threads, "threads");
    }
    for (size_t i = 0; i < p.syncs.size() && c.problem().empty(); ++i)
        c.ref("syncs", i, "thread", p.syncs[i].thread, threads, "threads");
    for (size_t i = 0; i < p.memory_samples.size() && c.problem().empty(); ++i) {
        c.ref("memory_samples", i, "thread", p.memory_samples[i].thread, threads, "threads");
        c.text("memory_samples", i, "frames", p.memory_samples[i].frames);
    }
    for (size_t i = 0; i < p.memory_tensors.size() && c.problem().empty(); ++i) {
        c.text("memory_tensors", i, "module", p.memory_tensors[i].module);
        c.text("memory_tensors", i, "name", p.memory_tensors[i].name);
    }
    for (size_t i = 0; i < p.memory_blocks.size() && c.problem().empty(); ++i) {
        const MemoryBlock &b = p.memory_blocks[i];
        const size_t samples = p.memory_samples.size();
        c.ref("memory_blocks", i, "alloc_sample", b.alloc_sample, samples, "memory_samples");
        c.ref("memory_blocks", i, "free_sample", b.free_sample, samples, "memory_samples");
        c.ref("memory_blocks", i, "alloc_op", b.alloc_op, ops, "operators");
        c.ref("memory_blocks", i, "free_op", b.free_op, ops, "operators");
        c.ref("memory_blocks", i, "alloc_module", b.alloc_module, modules, "modules");
        c.ref("memory_blocks", i, "free_module", b.free_module, modules, "modules");
    }
    for (size_t i = 0; i < p.operator_links.size() && c.problem().empty(); ++i) {
        c.required("operator_links", i, "from", p.operator_links[i].from, ops, "operators");
        c.required("operator_links", i, "to", p.operator_links[i].to, ops, "operators");
    }
    for (size_t i = 0; i < p.metrics.size() && c.problem().empty(); ++i) {
        c.text("metrics", i, "name", p.metrics[i].name);
        c.text("metrics", i, "unit", p.metrics[i].unit);
    }
    checkCounters(c, "kernel_counters", p.kernel_counters, p.kernels.size(), "kernels", p.metrics.size());
    checkCounters(c, "operator_counters", p.operator_counters, ops, "operators", p.metrics.size());
    for (size_t i = 0; i < p.fused_with.size() && c.problem().empty(); ++i) {
        c.required("fused_with", i, "op", p.fused_with[i].op, ops, "operators");
        c.text("fused_with", i, "name", p.fused_with[i].name);
    }
    for (size_t i = 0; i < p.reference_twins.size() && c.problem().empty(); ++i) {
        c.required("reference_twins", i, "reference", p.reference_twins[i].reference, p.kernels.size(), "kernels");
        c.required("reference_twins", i, "labelled", p.reference_twins[i].labelled, p.kernels.size(), "kernels");
    }
    for (size_t i = 0; i < p.graph_node_launches.size() && c.problem().empty(); ++i) {
        c.required("graph_node_launches", i, "kernel", p.graph_node_launches[i].kernel, p.kernels.size(), "kernels");
        c.required("graph_node_launches", i, "capture_call", p.graph_node_launches[i].capture_call, p.api_calls.size(),
                   "api_calls");
    }
    c.span("kernels", p.kernels);
    c.span("operators", p.operators);
    c.span("modules", p.modules);
    c.span("ranges", p.ranges);
    c.span("memory_ops", p.memory_ops);
    c.span("api_calls", p.api_calls);
    c.span("syncs", p.syncs);
    if (!c.problem().empty())
        return c.problem();
    return findImpossibleTotal(p);
}

namespace {

// The sum of |x| over a table, in 128 bits (it cannot wrap), and the row of the largest.
struct Total {
    unsigned __int128 sum = 0;
    uint64_t largest = 0;
    size_t row = 0;
    void add(int64_t value, size_t i)
    {
        const uint64_t magnitude = value < 0 ? uint64_t(0) - uint64_t(value) : uint64_t(value);
        sum += magnitude;
        if (magnitude > largest)
            largest = magnitude, row = i;
    }
};

template <class Event> Total durations(const std::vector<Event> &events)
{
    Total t;
    for (size_t i = 0; i < events.size(); ++i)
        t.add(events[i].end_ns - events[i].start_ns, i);
    return t;
}

template <class Item> Total bytesOf(const std::vector<Item> &items)
{
    Total t;
    for (size_t i = 0; i < items.size(); ++i)
        t.add(int64_t(items[i].bytes), i);
    return t;
}

std::string years(unsigned __int128 ns)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", double(ns) / (365.25 * 86400e9));
    return text;
}

} // namespace

std::string findImpossibleTotal(const Profile &p)
{
    struct Kind {
        const char *table;
        Total total;
    };
    const Kind times[] = {{"kernels", durations(p.kernels)},
                          {"operators", durations(p.operators)},
                          {"modules", durations(p.modules)},
                          {"ranges", durations(p.ranges)},
                          {"memory_ops", durations(p.memory_ops)},
                          {"api_calls", durations(p.api_calls)},
                          {"syncs", durations(p.syncs)}};
    unsigned __int128 all = 0;
    const Kind *worst = &times[0];
    for (const Kind &k : times) {
        all += k.total.sum;
        worst = k.total.sum > worst->total.sum ? &k : worst;
    }
    if (all > static_cast<unsigned __int128>(kMaxTotal))
        return "the durations of its events add up to " + years(all) +
               " years, more than OpScope's totals can hold (2^62 ns, 146 years): the times are not real (the "
               "longest: " +
               worst->table + "[" + std::to_string(worst->total.row) + "], " + std::to_string(worst->total.largest) +
               " ns)";
    const Kind memory[] = {{"memory_ops", bytesOf(p.memory_ops)},
                           {"memory_samples", bytesOf(p.memory_samples)},
                           {"memory_blocks", bytesOf(p.memory_blocks)},
                           {"memory_tensors", bytesOf(p.memory_tensors)}};
    for (const Kind &k : memory)
        if (k.total.sum > static_cast<unsigned __int128>(kMaxTotal))
            return std::string("the sizes of its ") + k.table +
                   " add up to more than 2^62 bytes (4 EiB): the sizes are not real (the largest: " + k.table + "[" +
                   std::to_string(k.total.row) + "], " + std::to_string(k.total.largest) + " bytes)";
    return {};
}

} // namespace opscope
