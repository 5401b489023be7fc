#include "document/dcc/curve_identity.h"

#include "document/model/rail_geometry.h"
#include "document/text/id_text.h"

#include <map>
#include <set>

namespace railforge::document {
namespace {

// `wanted` if no rail has it yet, else the first of wanted_2, wanted_3, ... that is free.
std::string freeId(std::string wanted, std::set<std::string> &taken)
{
    if (wanted.empty() || !whyBadIdText(wanted).empty()) wanted = "rail";
    std::string id = wanted;
    for (int n = 2; taken.count(id); ++n) id = wanted + "_" + std::to_string(n);
    taken.insert(id);
    return id;
}

} // namespace

std::vector<CurveTarget> resolveCurveTargets(const Level &level, const std::vector<ImportedCurve> &curves)
{
    std::set<std::string> taken;
    for (const Rail &r : level.rails) taken.insert(r.id);
    // The object that is each existing rail's own: its name unchanged since the import, else the first.
    std::map<std::string, std::size_t> owner;
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const ImportedCurve &c = curves[i];
        if (c.splineIndex != 0 || findRail(level, c.id) < 0) continue;
        const bool unrenamed = c.name == (c.importedName.empty() ? c.id : c.importedName);
        const auto at = owner.find(c.id);
        if (at == owner.end()) {
            owner[c.id] = i;
        } else {
            const ImportedCurve &held = curves[at->second];
            const bool heldUnrenamed = held.name == (held.importedName.empty() ? held.id : held.importedName);
            if (unrenamed && !heldUnrenamed) at->second = i;
        }
    }
    std::vector<CurveTarget> targets(curves.size());
    // Renames first, so a copy never takes the name the original is renamed to.
    for (const auto &[id, i] : owner) {
        const ImportedCurve &c = curves[i];
        targets[i].railId = id;
        if (!c.importedName.empty() && c.name != c.importedName && c.name != id && whyBadIdText(c.name).empty()) {
            taken.erase(id);
            targets[i].renameTo = freeId(c.name, taken);
            if (targets[i].renameTo == id) targets[i].renameTo.clear();
        }
    }
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const ImportedCurve &c = curves[i];
        const auto at = owner.find(c.id);
        if (at != owner.end() && at->second == i) continue;
        CurveTarget &t = targets[i];
        t.isNew = true;
        if (c.splineIndex != 0) {
            t.copyOf = c.id;
            t.railId = freeId(c.name + "_" + std::to_string(c.splineIndex + 1), taken);
        } else if (at != owner.end()) {
            t.copyOf = c.id;
            t.railId = freeId(c.name, taken);
        } else {
            t.railId = freeId(c.id, taken);
        }
    }
    return targets;
}

} // namespace railforge::document
