// Small helpers over a level's lists of objects, matched by objectKey (object_ref.h).
#pragma once

#include "document/model/object_ref.h"

#include <algorithm>
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

// Calls f(list, section) with the level's list of the kind a merge names ("waypoint", "edge",
// "obstacle", "rail", "patrol", "junction", "reference") and that list's key in the file; nothing
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
}

} // namespace railforge::document
