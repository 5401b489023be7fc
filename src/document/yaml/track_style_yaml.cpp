#include "document/yaml/track_style_yaml.h"

#include "document/yaml/yaml_text.h"

namespace railforge::document {
namespace {

// Bounds that keep a hostile file small in memory: an outline of a thousand points is a detailed
// section already, and ten thousand supports placed by hand are more than any rail carries.
constexpr std::size_t kMaxOutlinePoints = 1000;
constexpr std::size_t kMaxSupportPlaces = 10000;

class TrackReader {
public:
    TrackReader(NodeReader &reader, std::string railTrack) : r(reader), name(std::move(railTrack)) {}

    std::optional<TrackStyle> read(const YamlNode &node)
    {
        if (!r.expectMap(node, name)) return std::nullopt;
        r.warnUnknownKeys(node, {"section", "size", "ties", "supports"}, name);
        TrackStyle style;
        if (auto section = node["section"]) readSection(section, style);
        if (auto size = node["size"]) style.size = positive(size, name + " size");
        if (auto ties = node["ties"]; ties && r.expectMap(ties, name + " ties")) {
            r.warnUnknownKeys(ties, {"every", "box", "section", "along"}, name + " ties");
            if (auto every = ties["every"]) style.ties.every = spacing(every, name + " ties every");
            if (auto box = ties["box"]) readBox(box, style);
            if (auto section = ties["section"]) style.ties.section = readOutline(section, name + " ties section");
            if (auto along = ties["along"]) style.ties.along = positive(along, name + " ties along");
            if (!failed && !style.ties.section.empty())
                if (const std::string why = whyBadTrackStyle(style); !why.empty()) fail(ties, name + ": " + why);
        }
        if (auto supports = node["supports"]; supports && r.expectMap(supports, name + " supports")) {
            const std::string what = name + " supports";
            r.warnUnknownKeys(supports, {"every", "at", "skip", "size", "footing"}, what);
            if (auto every = supports["every"]) style.supports.every = spacing(every, what + " every");
            if (auto at = supports["at"]) readPlaces(at, style);
            if (auto skip = supports["skip"]) style.supports.skip = spacing(skip, what + " skip");
            if (auto size = supports["size"]) style.supports.size = positive(size, what + " size");
            if (auto footing = supports["footing"]) style.supports.footing = positive(footing, what + " footing");
        }
        if (failed) return std::nullopt;
        return style;
    }

private:
    NodeReader &r;
    std::string name;
    bool failed = false;

    void fail(const YamlNode &at, const std::string &message)
    {
        r.error(at, message);
        failed = true;
    }

    double positive(const YamlNode &node, const std::string &what)
    {
        const auto v = r.coordinate(node, what);
        if (!v)
            failed = true;
        else if (!(*v > 0))
            fail(node, what + " must be more than 0, got " + node.Scalar());
        return v.value_or(1.0);
    }

    double spacing(const YamlNode &node, const std::string &what)
    {
        const auto v = r.coordinate(node, what);
        if (!v)
            failed = true;
        else if (*v < 0)
            fail(node, what + " must be 0 or more, got " + node.Scalar());
        return v.value_or(0.0);
    }

    void readSection(const YamlNode &section, TrackStyle &style)
    {
        if (section.IsSequence()) {
            style.section = TrackSectionKind::Custom;
            style.outline = readOutline(section, name + " section");
            if (!failed && !whyBadTrackStyle(style).empty()) fail(section, name + ": " + whyBadTrackStyle(style));
            return;
        }
        const auto text = r.string(section, name + " section");
        if (!text) {
            failed = true;
        } else if (const auto kind = trackSectionFromName(*text)) {
            style.section = *kind;
        } else {
            fail(section, name + " has unknown section '" + *text +
                              "' (use rails, tube, ribbon or cable, or a list of [x, y] points)");
        }
    }

    // A closed outline of 3 to kMaxOutlinePoints points [x, y].
    std::vector<std::array<double, 2>> readOutline(const YamlNode &list, const std::string &what)
    {
        std::vector<std::array<double, 2>> out;
        if (!list.IsSequence() || list.size() < 3 || list.size() > kMaxOutlinePoints) {
            fail(list, what + " must be a list of 3 to " + std::to_string(kMaxOutlinePoints) + " points [x, y]" +
                           (list.IsSequence() ? ", has " + std::to_string(list.size()) : ""));
            return out;
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto p = r.point(list[i], what + " point " + std::to_string(i), false);
            if (!p)
                failed = true;
            else
                out.push_back({p->x, p->y});
        }
        return out;
    }

    void readBox(const YamlNode &box, TrackStyle &style)
    {
        if (!box.IsSequence() || box.size() != 3) {
            fail(box, name + " ties box must be [across, tall, along]");
            return;
        }
        std::array<double, 3> v{};
        for (std::size_t k = 0; k < 3; ++k) v[k] = positive(box[k], name + " ties box");
        style.ties.box = v;
    }

    void readPlaces(const YamlNode &at, TrackStyle &style)
    {
        if (!r.expectSequence(at, name + " supports at")) {
            failed = true;
            return;
        }
        if (at.size() > kMaxSupportPlaces) {
            fail(at, name + " supports at has " + std::to_string(at.size()) + " places, more than " +
                         std::to_string(kMaxSupportPlaces));
            return;
        }
        for (std::size_t i = 0; i < at.size(); ++i) style.supports.at.push_back(spacing(at[i], name + " supports at"));
    }
};

std::string numbers(const std::vector<double> &values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + yamlNumber(values[i]);
    return out + "]";
}

} // namespace

std::optional<TrackStyle> readTrackStyle(NodeReader &reader, const YamlNode &node, const std::string &railName)
{
    return TrackReader(reader, railName + " track").read(node);
}

namespace {

// An outline as a flow list of [x, y].
std::string outlineYaml(const std::vector<std::array<double, 2>> &outline)
{
    std::string out = "[";
    for (std::size_t i = 0; i < outline.size(); ++i)
        out += (i ? ", [" : "[") + yamlNumber(outline[i][0]) + ", " + yamlNumber(outline[i][1]) + "]";
    return out + "]";
}

// Each part of a style as a YAML value on one line ("" for a part left at its default).
std::string sectionYaml(const TrackStyle &style)
{
    return style.section == TrackSectionKind::Custom ? outlineYaml(style.outline) : trackSectionName(style.section);
}

std::string tiesYaml(const TrackTies &t)
{
    if (!(t.every > 0) && !t.box && t.section.empty() && !t.along) return {};
    std::string out = "{every: " + yamlNumber(t.every);
    if (t.box) out += ", box: " + numbers({(*t.box)[0], (*t.box)[1], (*t.box)[2]});
    if (!t.section.empty()) out += ", section: " + outlineYaml(t.section);
    if (t.along) out += ", along: " + yamlNumber(*t.along);
    return out + "}";
}

std::string supportsYaml(const TrackSupports &s)
{
    if (!(s.every > 0) && s.at.empty() && !s.skip && !s.size && !s.footing) return {};
    std::string out = "{every: " + yamlNumber(s.every);
    if (!s.at.empty()) out += ", at: " + numbers(s.at);
    if (s.skip) out += ", skip: " + yamlNumber(*s.skip);
    if (s.size) out += ", size: " + yamlNumber(*s.size);
    if (s.footing) out += ", footing: " + yamlNumber(*s.footing);
    return out + "}";
}

} // namespace

std::string trackStyleYaml(const std::optional<TrackStyle> &style)
{
    if (!style) return {};
    std::string out = "    track:\n      section: " + sectionYaml(*style) + "\n";
    if (style->size) out += "      size: " + yamlNumber(*style->size) + "\n";
    if (const std::string ties = tiesYaml(style->ties); !ties.empty()) out += "      ties: " + ties + "\n";
    if (const std::string supports = supportsYaml(style->supports); !supports.empty())
        out += "      supports: " + supports + "\n";
    return out;
}

std::string trackStyleFlow(const TrackStyle &style)
{
    std::string out = "{section: " + sectionYaml(style);
    if (style.size) out += ", size: " + yamlNumber(*style.size);
    if (const std::string ties = tiesYaml(style.ties); !ties.empty()) out += ", ties: " + ties;
    if (const std::string supports = supportsYaml(style.supports); !supports.empty()) out += ", supports: " + supports;
    return out + "}";
}

} // namespace railforge::document
