// The one rule of a three-way merge, for any value and any list of keyed items: a change made on one
// side only is taken, the same change made on both is taken once, different changes to the same
// value conflict. Conflicts are settled towards the preferred side and described in `Disputes`, so
// that one merge preferring ours and one preferring theirs give the two sides of every conflict.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace railforge::document {

// Which side a conflict is settled towards.
enum class Side { Ours, Theirs };

// The conflicts met while merging one object, each described for people ("ours moves point 3 to
// (1, 2, 3), theirs to (1, 2, 4)").
struct Disputes {
    std::vector<std::string> described;
    void add(std::string text) { described.push_back(std::move(text)); }
    bool empty() const { return described.empty(); }
};

// The merged value of one field; `describe(ours, theirs)` tells a conflict, when there is one.
template <typename V, typename Describe>
V mergeField(const V &base, const V &ours, const V &theirs, Side prefer, Disputes &disputes, Describe describe)
{
    if (ours == theirs || theirs == base) return ours;
    if (ours == base) return theirs;
    disputes.add(describe(ours, theirs));
    return prefer == Side::Ours ? ours : theirs;
}

// How one item of a keyed list was met: which sides hold it.
template <typename T>
struct KeyedItem {
    const T *base = nullptr;
    const T *ours = nullptr;
    const T *theirs = nullptr;
};

// What a keyed list's items are found by: a hash of ids, an order of places along a rail (pairs).
template <typename Key, typename V>
using KeyedMap = std::conditional_t<std::is_same_v<Key, std::string>, std::unordered_map<Key, V>, std::map<Key, V>>;

// Merges lists of items with unique keys. Items on both sides are merged by `mergeItem(base, ours,
// theirs)` (base null when both added it); an item one side deleted and the other left alone is
// deleted; deleted against changed is a conflict, told by `describeLoss(item, deletedByOurs)`. The
// order is ours', with theirs' new items next to their neighbours in theirs (after the one before,
// else before the one after, else last).
template <typename T, typename KeyOf, typename MergeItem, typename DescribeLoss>
std::vector<T> mergeKeyed(const std::vector<T> &base, const std::vector<T> &ours, const std::vector<T> &theirs,
                          Side prefer, Disputes &disputes, KeyOf keyOf, MergeItem mergeItem, DescribeLoss describeLoss)
{
    using Key = decltype(keyOf(std::declval<const T &>()));
    KeyedMap<Key, KeyedItem<T>> items;
    for (const T &t : base) items[keyOf(t)].base = &t;
    for (const T &t : ours) items[keyOf(t)].ours = &t;
    for (const T &t : theirs) items[keyOf(t)].theirs = &t;
    // The merged value of one key, or nothing when it is gone.
    const auto merged = [&](const KeyedItem<T> &m) -> std::optional<T> {
        if (m.ours && m.theirs) return mergeItem(m.base, *m.ours, *m.theirs);
        if (!m.ours && !m.theirs) return std::nullopt;
        const T *kept = m.ours ? m.ours : m.theirs;
        if (!m.base || *kept == *m.base) return m.base ? std::nullopt : std::optional<T>(*kept);
        disputes.add(describeLoss(*kept, /*deletedByOurs=*/!m.ours));
        return (prefer == Side::Ours) == bool(m.ours) ? std::optional<T>(*kept) : std::nullopt;
    };
    // Ours' items in ours' order, each merged.
    std::vector<T> kept;
    KeyedMap<Key, std::size_t> keptAt; // an item of `kept` by key
    for (const T &t : ours) {
        if (auto value = merged(items[keyOf(t)])) {
            keptAt[keyOf(t)] = kept.size();
            kept.push_back(std::move(*value));
        }
    }
    // Theirs' new items, each after the nearest item before it in theirs that the result holds, else
    // before the nearest one after it, else last. Gathered in runs beside the kept item they follow or
    // precede and laid out once at the end, so a side that adds many items costs no more than a sort.
    std::vector<std::vector<T>> after(kept.size()), before(kept.size());
    std::vector<T> last;
    // The nearest item after index j of theirs that ours kept, found once from the back.
    std::vector<std::size_t> keptAfter(theirs.size() + 1, kept.size());
    for (std::size_t j = theirs.size(); j-- > 0;) {
        const auto at = keptAt.find(keyOf(theirs[j]));
        keptAfter[j] = at != keptAt.end() ? at->second : keptAfter[j + 1];
    }
    std::vector<T> *run = nullptr; // where the item just placed went: the next one follows it there
    for (std::size_t j = 0; j < theirs.size(); ++j) {
        const Key key = keyOf(theirs[j]);
        if (items[key].ours) {
            if (const auto at = keptAt.find(key); at != keptAt.end()) run = &after[at->second];
            continue;
        }
        auto value = merged(items[key]);
        if (!value) continue;
        if (!run) run = keptAfter[j + 1] < kept.size() ? &before[keptAfter[j + 1]] : &last;
        run->push_back(std::move(*value));
    }
    std::vector<T> out;
    out.reserve(kept.size() + last.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        for (T &t : before[i]) out.push_back(std::move(t));
        out.push_back(std::move(kept[i]));
        for (T &t : after[i]) out.push_back(std::move(t));
    }
    for (T &t : last) out.push_back(std::move(t));
    return out;
}

} // namespace railforge::document
