#include "app/plan/channel_marks.h"

#include "core/channel_types.h"

#include <cmath>

namespace railforge::app {

QPolygonF widthBand(const document::Rail &rail, const core::ArcLengthTable &table, int rows)
{
    const document::RailChannel *width = document::roleChannel(rail.channels, core::ChannelRole::Width);
    if (!width || table.segments.empty() || rows < 2) return {};
    const double length = core::totalLength(table);
    const auto keys = document::resolvedKeys(*width, table, rail.points.size());
    std::vector<double> s;
    for (int i = 0; i <= rows; ++i) s.push_back(length * i / rows);
    const auto values = core::channelValuesAt(width->type, width->interp, keys, s, length, rail.closed);
    QPolygonF left, right;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const core::CurveSample at = core::sampleAt(table, s[i]);
        const double h = std::hypot(at.tangent.x, at.tangent.y);
        if (!(h > 1e-9)) continue; // straight up or down: no across seen from above
        const QPointF across(-at.tangent.y / h, at.tangent.x / h);
        const QPointF p(at.position.x, at.position.y);
        const double half = std::abs(values[i].number) / 2;
        left << p + across * half;
        right << p - across * half;
    }
    for (auto it = right.rbegin(); it != right.rend(); ++it) left << *it;
    return left;
}

std::vector<EventMark> eventMarks(const document::Rail &rail, const core::ArcLengthTable &table)
{
    std::vector<EventMark> out;
    if (table.segments.empty()) return out;
    for (const auto &c : rail.channels) {
        if (!core::channelTypeInfo(c.type).keysAreEvents) continue;
        for (const auto &k : document::resolvedKeys(c, table, rail.points.size())) {
            const core::Vec3 p = core::sampleAt(table, k.s).position;
            out.push_back({{p.x, p.y}, QString::fromStdString(k.value.text)});
        }
    }
    return out;
}

} // namespace railforge::app
