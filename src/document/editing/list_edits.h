// The per-object steps that turn one version of a kind's list into another, matched by key
// (objectKey): what an edit that works out a whole new list (the junctions a rail drag keeps, the
// references reordered) applies, so that its change event says which objects it inserted, removed
// or changed in place, like every other edit's.
#pragma once

#include "document/editing/level_document.h"

#include <map>
#include <string>
#include <vector>

namespace railforge::document {

// Steps from `before` to `after` (objects of `kind`), in the order LevelDocument::apply runs them:
// removals from the back, then inserts and in-place changes from the front. An object whose value
// is the same in both makes no step. When the objects both lists hold are not in the same order
// (or a key repeats), every object is removed and inserted again: a reorder is no in-place change.
template <typename T>
std::vector<LevelDocument::Edit> editsBetween(ObjectKind kind, const std::vector<T> &before,
                                              const std::vector<T> &after)
{
    using Edit = LevelDocument::Edit;
    std::map<std::string, std::size_t> wasAt, isAt;
    for (std::size_t i = 0; i < before.size(); ++i) wasAt.emplace(objectKey(before[i]), i);
    for (std::size_t i = 0; i < after.size(); ++i) isAt.emplace(objectKey(after[i]), i);
    bool sameOrder = wasAt.size() == before.size() && isAt.size() == after.size();
    std::size_t lastKept = 0;
    bool anyKept = false;
    for (std::size_t i = 0; sameOrder && i < after.size(); ++i) {
        const auto was = wasAt.find(objectKey(after[i]));
        if (was == wasAt.end()) continue;
        if (anyKept && was->second < lastKept) sameOrder = false;
        lastKept = was->second;
        anyKept = true;
    }
    std::vector<Edit> edits;
    for (std::size_t i = before.size(); i-- > 0;)
        if (!sameOrder || !isAt.count(objectKey(before[i]))) edits.push_back({Edit::Type::Remove, {kind, i}, {}});
    for (std::size_t i = 0; i < after.size(); ++i) {
        const auto was = sameOrder ? wasAt.find(objectKey(after[i])) : wasAt.end();
        if (was == wasAt.end())
            edits.push_back({Edit::Type::Insert, {kind, i}, after[i]});
        else if (!(before[was->second] == after[i]))
            edits.push_back({Edit::Type::Replace, {kind, i}, after[i]});
    }
    return edits;
}

} // namespace railforge::document
