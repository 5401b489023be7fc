#include "app/inspector/track_inspector.h"

#include "document/editing/rail_track_editing.h"
#include "document/model/length_units.h"
#include "document/model/object_ref.h"

namespace railforge::app {

TrackInspector::TrackInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent)
{
    follow();
}

void TrackInspector::refresh()
{
    m_rail.clear();
    m_style = {};
    m_own = false;
    const auto &level = m_document.level();
    if (m_selection.count() == 1 && m_selection.objects().begin()->kind == document::ObjectKind::Rail) {
        if (const auto at = document::findObject(level, *m_selection.objects().begin())) {
            m_rail = level.rails[at->index].id;
            m_style = document::railTrackStyle(level.rails[at->index].track, level.info.track);
            m_own = level.rails[at->index].track.has_value();
        }
    }
    emit changed();
}

QString TrackInspector::key() const
{
    return m_rail.empty() ? QString() : Selection::keyOf({document::ObjectKind::Rail, m_rail});
}

QString TrackInspector::section() const { return QString::fromLatin1(document::trackSectionName(m_style.section)); }

double TrackInspector::metresPerUnit() const
{
    return document::metresPerUnit(m_document.level().info.units).value_or(1.0);
}

double TrackInspector::size() const { return document::trackSize(m_style, metresPerUnit()); }

double TrackInspector::supportSkip() const { return document::supportSkip(m_style, metresPerUnit()); }

template <typename Edit>
bool TrackInspector::edit(const QString &what, Edit change)
{
    if (m_rail.empty()) return false;
    document::TrackStyle style = m_style;
    change(style);
    const QString text = tr("Rail %1: track %2").arg(QString::fromStdString(m_rail), what);
    if (const std::string why = document::setRailTrack(m_document, m_rail, style, text); !why.empty())
        return refuse(why);
    return accept();
}

bool TrackInspector::setSection(const QString &name)
{
    const auto kind = document::trackSectionFromName(name.toStdString());
    if (!kind) return refuse("no track section '" + name.toStdString() + "' (rails, tube, ribbon or cable)");
    return edit(name, [&](document::TrackStyle &s) {
        // A size is the section's own measure (a gauge is no tube's diameter): a new section starts
        // from its default.
        if (s.section != *kind) s.size.reset();
        s.section = *kind;
        s.outline.clear();
    });
}

bool TrackInspector::setSize(double size)
{
    return edit(tr("size %1").arg(size), [&](document::TrackStyle &s) { s.size = size; });
}

bool TrackInspector::setTiesEvery(double every)
{
    return edit(tr("ties every %1").arg(every), [&](document::TrackStyle &s) { s.ties.every = every; });
}

bool TrackInspector::setSupportsEvery(double every)
{
    return edit(tr("supports every %1").arg(every), [&](document::TrackStyle &s) { s.supports.every = every; });
}

bool TrackInspector::setSupportSkip(double height)
{
    return edit(tr("support skip %1").arg(height), [&](document::TrackStyle &s) { s.supports.skip = height; });
}

bool TrackInspector::makeLevelDefault()
{
    if (m_rail.empty()) return false;
    const QString text = tr("Level: default track from rail %1").arg(QString::fromStdString(m_rail));
    if (const std::string why = document::setLevelTrack(m_document, m_style, text); !why.empty()) return refuse(why);
    return accept();
}

bool TrackInspector::useLevelDefault()
{
    if (m_rail.empty()) return false;
    const QString text = tr("Rail %1: track from the level").arg(QString::fromStdString(m_rail));
    if (const std::string why = document::setRailTrack(m_document, m_rail, std::nullopt, text); !why.empty())
        return refuse(why);
    return accept();
}

} // namespace railforge::app
