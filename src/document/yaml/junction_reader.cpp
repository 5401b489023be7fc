#include "document/yaml/junction_reader.h"

#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"
#include "document/model/rails_by_id.h"
#include "document/text/number_format.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace railforge::document {
namespace {

class JunctionsReader {
public:
    JunctionsReader(NodeReader &reader, const std::vector<Rail> &rails) : r(reader), m_rails(rails) {}

    std::vector<Junction> read(const YamlNode &list, std::vector<YAML::Mark> &marks,
                               std::vector<std::vector<YAML::Mark>> &linkMarks)
    {
        std::vector<Junction> out;
        if (!list || list.IsNull() || !r.expectSequence(list, "'junctions'")) return out;
        for (std::size_t i = 0; i < list.size(); ++i)
            if (auto j = readOne(list[i], "junctions[" + std::to_string(i) + "]")) {
                out.push_back(std::move(j->junction));
                marks.push_back(j->mark);
                linkMarks.push_back(std::move(j->linkMarks));
            }
        return out;
    }

private:
    // A rail end's first place, to say where it already is when a second one claims it.
    struct Claim {
        std::string where;
    };

    std::optional<RailEnd> readEnd(const YamlNode &node, const std::string &what)
    {
        const auto text = r.string(node, what);
        if (!text) return std::nullopt;
        const auto end = railEndFromName(*text);
        if (!end) r.error(node, what + " must be start or end, got '" + *text + "'");
        return end;
    }

    // Claims rail end (rail, end) for `where`; false (after an error) when another place has it.
    bool claim(const YamlNode &at, const std::string &rail, RailEnd end, const std::string &where)
    {
        const auto [it, fresh] = m_claims.emplace(rail + '\n' + railEndName(end), Claim{where});
        if (fresh) return true;
        r.error(at, "the " + std::string(railEndName(end)) + " of rail '" + rail + "' is already in " +
                        it->second.where + ": a rail end joins one junction once");
        return false;
    }

    // A known rail, else an error.
    const Rail *knownRail(const YamlNode &node, const std::string &what)
    {
        const auto id = r.id(node, what);
        if (!id) return nullptr;
        const Rail *rail = m_rails.find(*id);
        if (!rail) r.error(node, what + " '" + *id + "' is not a rail of the level");
        return rail;
    }

    struct Read {
        Junction junction;
        YAML::Mark mark;
        std::vector<YAML::Mark> linkMarks;
    };

    std::optional<Read> readOne(const YamlNode &node, const std::string &what)
    {
        if (!r.expectMap(node, "junction " + what)) return std::nullopt;
        r.warnUnknownKeys(node, {"id", "at", "links", "default", "properties"}, "a junction");
        const YamlNode idNode = r.required(node, "id", "junction " + what);
        if (!idNode) return std::nullopt;
        const auto id = r.id(idNode, "junction id");
        if (!id) return std::nullopt;
        const std::string name = "junction '" + *id + "'";
        bool fine = true;
        if (!m_ids.insert(*id).second) {
            r.error(idNode, "duplicate junction id '" + *id + "'");
            fine = false;
        }
        Junction j;
        j.id = *id;
        // Where it sits.
        const YamlNode at = r.required(node, "at", name);
        if (!at || !r.expectMap(at, name + " at")) return std::nullopt;
        r.warnUnknownKeys(at, {"rail", "end", "s"}, name + " at");
        const YamlNode trunkNode = r.required(at, "rail", name + " at");
        const Rail *trunk = trunkNode ? knownRail(trunkNode, name + " rail") : nullptr;
        if (!trunk) return std::nullopt;
        j.rail = trunk->id;
        const YamlNode endNode = at["end"], sNode = at["s"];
        if (bool(endNode) == bool(sNode)) {
            r.error(at, name + " at needs 'end' (start or end of the rail) or 's' (an arc length along it), not " +
                            (endNode ? "both" : "neither"));
            return std::nullopt;
        }
        const double trunkLength = m_rails.length(j.rail);
        if (endNode) {
            j.end = readEnd(endNode, name + " end");
            if (!j.end) return std::nullopt;
            if (trunk->closed) {
                r.error(endNode, "rail '" + j.rail + "' is closed: it has no ends (place " + name + " at an s)");
                return std::nullopt;
            }
            fine = claim(endNode, j.rail, *j.end, name) && fine;
        } else {
            const auto s = r.number(sNode, name + " s");
            if (!s) return std::nullopt;
            const double slack = std::max(1e-9, 16 * std::numeric_limits<double>::epsilon() * trunkLength);
            if (*s < -slack || *s > trunkLength + slack) {
                r.error(sNode, name + " s " + sNode.Scalar() + " is outside rail '" + j.rail + "' (its length is " +
                                   formatRounded(trunkLength, 3) + ")");
                return std::nullopt;
            }
            j.s = std::clamp(*s, 0.0, trunkLength);
        }
        const core::Vec3 point = core::sampleAt(m_rails.shape(j.rail).table(), junctionS(j, trunkLength)).position;
        // The rail ends it joins.
        const YamlNode links = r.required(node, "links", name);
        if (!links || !r.expectSequence(links, name + " links")) return std::nullopt;
        if (links.size() == 0) {
            r.error(links, name + " links no rail: a junction joins at least one rail end");
            fine = false;
        }
        std::set<std::string> linked;
        std::vector<YAML::Mark> linkMarks;
        for (std::size_t i = 0; i < links.size(); ++i) {
            const YamlNode link = links[i];
            const std::string linkWhat = name + " link " + std::to_string(i + 1);
            if (!r.expectMap(link, linkWhat)) {
                fine = false;
                continue;
            }
            r.warnUnknownKeys(link, {"rail", "end"}, linkWhat);
            const YamlNode railNode = r.required(link, "rail", linkWhat);
            const YamlNode linkEnd = r.required(link, "end", linkWhat);
            const Rail *rail = railNode ? knownRail(railNode, linkWhat + " rail") : nullptr;
            const auto end = linkEnd ? readEnd(linkEnd, linkWhat + " end") : std::nullopt;
            if (!rail || !end) {
                fine = false;
                continue;
            }
            if (rail->closed) {
                r.error(railNode, "rail '" + rail->id + "' is closed: it has no ends to link");
                fine = false;
                continue;
            }
            if (!linked.insert(rail->id).second) {
                r.error(railNode, name + " links rail '" + rail->id + "' twice: a junction links a rail once");
                fine = false;
                continue;
            }
            if (!claim(link, rail->id, *end, name)) {
                fine = false;
                continue;
            }
            const double length = m_rails.length(rail->id);
            const core::Vec3 endPoint =
                core::sampleAt(m_rails.shape(rail->id).table(), railEndS(*end, length)).position;
            // On the point seen from above (an error otherwise); a height apart is a jump (a warning).
            const double distance = std::hypot(endPoint.x - point.x, endPoint.y - point.y);
            if (distance > kJunctionTolerance) {
                r.error(link, "the " + std::string(railEndName(*end)) + " of rail '" + rail->id + "' is " +
                                  formatRounded(distance, 3) + " from " + name + "'s point (" +
                                  formatRounded(point.x, 3) + ", " + formatRounded(point.y, 3) +
                                  ") in the plan: a linked end lies on it");
                fine = false;
                continue;
            }
            j.links.push_back({rail->id, *end});
            linkMarks.push_back(link.Mark());
        }
        auto lengthOf = [this](const std::string &rail) { return m_rails.length(rail); };
        const std::vector<JunctionWay> ways = junctionWays(j, lengthOf);
        if (const YamlNode def = node["default"]) {
            if (const auto rail = r.id(def, name + " default")) {
                const bool known =
                    std::any_of(ways.begin(), ways.end(), [&](const JunctionWay &w) { return w.rail == *rail; });
                if (!known) {
                    std::string names;
                    for (const JunctionWay &w : ways) names += (names.empty() ? "" : ", ") + w.rail;
                    r.error(def, name + " default '" + *rail + "' is not one of its ways (" + names + ")");
                    fine = false;
                }
                j.defaultWay = *rail;
            } else {
                fine = false;
            }
        }
        j.properties = r.properties(node["properties"], name + " properties");
        if (!fine) return std::nullopt;
        return Read{std::move(j), idNode.Mark(), std::move(linkMarks)};
    }

    NodeReader &r;
    RailsById m_rails;
    std::set<std::string> m_ids;
    std::map<std::string, Claim> m_claims;
};

} // namespace

std::vector<Junction> readJunctions(NodeReader &reader, const YamlNode &node, const std::vector<Rail> &rails,
                                    std::vector<YAML::Mark> &marks, std::vector<std::vector<YAML::Mark>> &linkMarks)
{
    return JunctionsReader(reader, rails).read(node, marks, linkMarks);
}

} // namespace railforge::document
