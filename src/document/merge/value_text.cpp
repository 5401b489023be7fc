#include "document/merge/value_text.h"

#include "document/text/number_format.h"

namespace railforge::document {

std::string pointText(const core::Vec3 &p)
{
    return "(" + formatNumber(p.x) + ", " + formatNumber(p.y) + ", " + formatNumber(p.z) + ")";
}

std::string propertyValueText(const PropertyValue &value)
{
    if (const auto *s = std::get_if<std::string>(&value)) return quotedId(*s);
    if (const auto *i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
    if (const auto *d = std::get_if<double>(&value)) return formatNumber(*d);
    if (const auto *b = std::get_if<bool>(&value)) return *b ? "true" : "false";
    return std::get<Color>(value).hex;
}

std::string quotedId(const std::string &id) { return "'" + id + "'"; }

std::string keyValueText(core::ChannelType type, const core::ChannelValue &v)
{
    switch (type) {
    case core::ChannelType::Colour: return colourText(v.colour);
    case core::ChannelType::String:
    case core::ChannelType::Event: return quotedId(v.text);
    case core::ChannelType::Float:
    case core::ChannelType::Int:
    case core::ChannelType::Bool: return formatNumber(v.number);
    }
    return formatNumber(v.number);
}

std::string channelKeyPlaceText(const ChannelKey &k)
{
    return k.point ? "point " + std::to_string(*k.point) : "s " + formatNumber(k.s);
}

} // namespace railforge::document
