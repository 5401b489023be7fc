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
            r.warnUnknownKeys(ties, {"every", "box"}, name + " ties");
            if (auto every = ties["every"]) style.ties.every = spacing(every, name + " ties every");
            if (auto box = ties["box"]) readBox(box, style);
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
            if (section.size() < 3 || section.size() > kMaxOutlinePoints) {
                fail(section, name + " section must be a list of 3 to " + std::to_string(kMaxOutlinePoints) +
                                  " points [x, y], has " + std::to_string(section.size()));
                return;
            }
            for (std::size_t i = 0; i < section.size(); ++i) {
                const auto p = r.point(section[i], name + " section point " + std::to_string(i), false);
                if (!p)
                    failed = true;
                else
                    style.outline.push_back({p->x, p->y});
            }
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

std::string trackStyleYaml(const std::optional<TrackStyle> &style)
{
    if (!style) return {};
    std::string out = "    track:\n";
    if (style->section == TrackSectionKind::Custom) {
        out += "      section: [";
        for (std::size_t i = 0; i < style->outline.size(); ++i)
            out += (i ? ", [" : "[") + yamlNumber(style->outline[i][0]) + ", " + yamlNumber(style->outline[i][1]) + "]";
        out += "]\n";
    } else {
        out += std::string("      section: ") + trackSectionName(style->section) + "\n";
    }
    if (style->size) out += "      size: " + yamlNumber(*style->size) + "\n";
    const TrackTies &t = style->ties;
    if (t.every > 0 || t.box) {
        out += "      ties: {every: " + yamlNumber(t.every);
        if (t.box) out += ", box: " + numbers({(*t.box)[0], (*t.box)[1], (*t.box)[2]});
        out += "}\n";
    }
    const TrackSupports &s = style->supports;
    if (s.every > 0 || !s.at.empty() || s.skip || s.size || s.footing) {
        out += "      supports: {every: " + yamlNumber(s.every);
        if (!s.at.empty()) out += ", at: " + numbers(s.at);
        if (s.skip) out += ", skip: " + yamlNumber(*s.skip);
        if (s.size) out += ", size: " + yamlNumber(*s.size);
        if (s.footing) out += ", footing: " + yamlNumber(*s.footing);
        out += "}\n";
    }
    return out;
}

} // namespace railforge::document
