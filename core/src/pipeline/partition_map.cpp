// The launcher's partition map (groups of identical layers) and the ncu filters built from it.
#include "opscope/pipeline/partition_map.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"

#include <nlohmann/json.hpp>

namespace opscope::pipeline {

PartitionMap readPartitionMap(const std::string &path)
{
    nlohmann::json doc;
    try {
        doc = parseJsonInput(readWholeFile(path));
    } catch (const JsonTooDeep &e) {
        throw FileError(path, e.what());
    } catch (const nlohmann::json::exception &e) {
        throw FileError(path, std::string("not valid JSON: ") + e.what());
    }
    if (!doc.is_object() || doc.value("format", "") != "opscope-partition-map")
        throw FileError(path, "not an OpScope partition map (no \"format\": \"opscope-partition-map\")");
    PartitionMap map;
    map.root = doc.value("root", "");
    if (!doc.contains("groups") || !doc["groups"].is_array())
        throw FileError(path, "the partition map has no \"groups\" array");
    for (const auto &g : doc["groups"]) {
        LayerGroup group;
        try {
            group.name = g.at("name").get<std::string>();
            group.className = g.at("class").get<std::string>();
            group.representative = g.at("representative").get<std::string>();
            group.members = g.at("members").get<std::vector<std::string>>();
            group.labels = g.at("labels").get<std::vector<std::string>>();
        } catch (const nlohmann::json::exception &e) {
            throw FileError(path, "a group lacks a field: " + std::string(e.what()));
        }
        if (group.members.size() != group.labels.size() || group.members.empty() ||
            group.members.front() != group.representative)
            throw FileError(path, "group " + group.name + ": members and labels disagree");
        map.groups.push_back(std::move(group));
    }
    return map;
}

std::string backwardRangeName(const std::string &memberPath)
{
    return memberPath + " backward";
}

std::vector<NvtxFilter> dedupExclusions(const PartitionMap &map)
{
    std::vector<NvtxFilter> out;
    for (const auto &group : map.groups)
        for (size_t i = 1; i < group.labels.size(); ++i) // every member but the representative
            out.push_back({group.labels[i], true});
    for (const auto &group : map.groups)
        for (size_t i = 1; i < group.members.size(); ++i)
            out.push_back({backwardRangeName(group.members[i]), false});
    return out;
}

} // namespace opscope::pipeline
