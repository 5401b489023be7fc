// Small helpers over a level's lists of objects, matched by objectKey (object_ref.h).
#pragma once

#include "document/model/object_ref.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace railforge::document {

// The object with this key, or null.
template <typename T>
const T *findByKey(const std::vector<T> &objects, const std::string &key)
{
    const auto at = std::find_if(objects.begin(), objects.end(), [&](const T &o) { return objectKey(o) == key; });
    return at == objects.end() ? nullptr : &*at;
}

// Puts `from[index]` into `into` after the object that precedes it in `from` (first when none is there).
template <typename T>
void insertLike(std::vector<T> &into, const std::vector<T> &from, std::size_t index)
{
    std::size_t at = 0;
    for (std::size_t k = index; k-- > 0;) {
        const auto found =
            std::find_if(into.begin(), into.end(), [&](const T &o) { return objectKey(o) == objectKey(from[k]); });
        if (found != into.end()) {
            at = std::size_t(found - into.begin()) + 1;
            break;
        }
    }
    into.insert(into.begin() + std::ptrdiff_t(at), from[index]);
}

// Puts each `from[i]` for i in `indices` (ascending) into `into` as insertLike would, one after the
// other, in one pass over both lists: a merge that restores thousands of objects stays linear.
template <typename T>
void insertAllLike(std::vector<T> &into, const std::vector<T> &from, const std::vector<std::size_t> &indices)
{
    if (indices.empty()) return;
    std::map<std::string, std::size_t> at; // an object of `into` by key
    for (std::size_t i = 0; i < into.size(); ++i) at.emplace(objectKey(into[i]), i);
    // Each restored object goes after the nearest object before it in `from` that `into` holds (or
    // that was restored just before it), else first; those going to one place keep `from`'s order.
    std::vector<std::vector<std::size_t>> afterObject(into.size() + 1); // [0]: first; [k + 1]: after into[k]
    std::size_t place = 0, next = 0;
    for (std::size_t i = 0; i < from.size() && next < indices.size(); ++i) {
        if (i == indices[next]) {
            afterObject[place].push_back(i);
            ++next;
        } else if (const auto found = at.find(objectKey(from[i])); found != at.end()) {
            place = found->second + 1;
        }
    }
    std::vector<T> out;
    out.reserve(into.size() + indices.size());
    for (std::size_t i : afterObject[0]) out.push_back(from[i]);
    for (std::size_t k = 0; k < into.size(); ++k) {
        out.push_back(std::move(into[k]));
        for (std::size_t i : afterObject[k + 1]) out.push_back(from[i]);
    }
    into = std::move(out);
}

// Calls f(list, section) with the level's list of the kind a merge names ("waypoint", "edge",
// "obstacle", "rail", "patrol", "junction", "reference", "agent") and that list's key in the file; nothing
// for another kind ("level").
template <typename L, typename F>
void withKindList(L &level, const std::string &kind, F f)
{
    if (kind == "waypoint") f(level.waypoints, "waypoints");
    if (kind == "edge") f(level.edges, "edges");
    if (kind == "obstacle") f(level.obstacles, "obstacles");
    if (kind == "rail") f(level.rails, "rails");
    if (kind == "patrol") f(level.patrols, "patrols");
    if (kind == "junction") f(level.junctions, "junctions");
    if (kind == "reference") f(level.references, "references");
    if (kind == "agent") f(level.agents, "agents");
}

} // namespace railforge::document
