#include "document/export/channel_columns.h"

#include "core/channel_types.h"
#include "document/files/csv_points.h"

#include <cmath>

namespace railforge::document {
namespace {

std::string cell(core::ChannelType type, const core::ChannelValue &v)
{
    switch (core::channelTypeInfo(type).form) {
    case core::ChannelForm::Real: return formatCsvNumber(v.number);
    case core::ChannelForm::Integer: return std::to_string(std::llround(v.number));
    case core::ChannelForm::Truth: return v.number != 0.0 ? "true" : "false";
    case core::ChannelForm::Text: return csvField(v.text);
    case core::ChannelForm::Colour: {
        std::string text = colourText(v.colour);
        if (text.size() == 7) text += "FF"; // always #RRGGBBAA in a column
        return text;
    }
    }
    return {};
}

} // namespace

ChannelColumns channelColumns(const Rail &rail, const core::ArcLengthTable &table,
                              const std::vector<core::CurveSample> &rows)
{
    ChannelColumns out;
    out.cells.assign(rows.size(), {});
    const double length = core::totalLength(table);
    std::vector<double> rowS;
    rowS.reserve(rows.size());
    for (const auto &r : rows) rowS.push_back(r.s);
    for (const RailChannel &c : rail.channels) {
        out.names.push_back(c.name);
        const std::vector<core::ChannelSample> keys = resolvedKeys(c, table, rail.points.size());
        if (core::channelTypeInfo(c.type).keysAreEvents) {
            // Each event on the first row at or after it.
            std::vector<std::string> names(rows.size());
            std::size_t row = 0;
            for (const core::ChannelSample &k : keys) {
                while (row < rows.size() && rowS[row] < k.s) ++row;
                if (row == rows.size()) break;
                names[row] += (names[row].empty() ? "" : "|") + k.value.text;
            }
            for (std::size_t i = 0; i < rows.size(); ++i) out.cells[i].push_back(csvField(names[i]));
            continue;
        }
        const auto values = core::channelValuesAt(c.type, c.interp, keys, rowS, length, rail.closed);
        for (std::size_t i = 0; i < rows.size(); ++i) out.cells[i].push_back(cell(c.type, values[i]));
    }
    return out;
}

} // namespace railforge::document
