#include "app/view3d/scene_supports.h"

#include "app/editor/editor_controller.h"
#include "app/editor/ground_editing.h"
#include "app/ground/ground_model.h"
#include "app/selection/selection.h"

#include <set>

namespace railforge::app {

void SceneSupports::setEditor(EditorController *editor)
{
    if (editor == m_editor) return;
    if (m_editor) {
        disconnect(m_editor->document(), nullptr, this, nullptr);
        disconnect(m_editor->ground(), nullptr, this, nullptr);
        disconnect(m_editor->grounding(), nullptr, this, nullptr);
    }
    m_editor = editor;
    if (m_editor) {
        connect(m_editor->document(), &document::LevelDocument::levelChanged, this, [this](const auto &change) {
            if (change.touchesKind(document::ObjectKind::Rail)) refresh(); // supports stand under rails only
        });
        connect(m_editor->ground(), &GroundModel::groundChanged, this, &SceneSupports::refresh);
        connect(m_editor->grounding(), &GroundEditing::changed, this, &SceneSupports::refresh);
    }
    emit editorChanged();
    refresh();
}

void SceneSupports::setLive(bool live)
{
    if (live == m_live) return;
    m_live = live;
    emit liveChanged();
    refresh();
}

void SceneSupports::refresh()
{
    if (!m_live) return;
    const auto ground = m_editor ? m_editor->ground()->ground() : nullptr;
    const bool none = !ground || ground->empty();
    std::map<std::string, Entry> kept;
    bool changed = false;
    if (!none) {
        const document::LevelDocument &document = *m_editor->document();
        const auto &rails = document.level().rails;
        std::vector<std::shared_ptr<const document::RailGeometry>> geometries;
        double total = 0.0;
        for (std::size_t i = 0; i < rails.size(); ++i) {
            geometries.push_back(document.railGeometry(i));
            total += geometries.back()->length();
        }
        // A new spacing, limit or ground: every rail again.
        const double spacing = supportSpacing(total);
        const double limit = m_editor->grounding()->railClearance();
        if (spacing != m_spacing || limit != m_limit || ground != m_ground) {
            m_byRail.clear();
            m_spacing = spacing;
            m_limit = limit;
            m_ground = ground;
        }
        for (std::size_t i = 0; i < rails.size(); ++i) {
            auto found = m_byRail.find(rails[i].id);
            if (found != m_byRail.end() && found->second.geometry == geometries[i]) {
                kept.emplace(rails[i].id, std::move(found->second));
                continue;
            }
            kept.emplace(rails[i].id, Entry{geometries[i], railSupports(geometries[i]->table(), rails[i].closed,
                                                                        *ground, spacing, limit)});
            changed = true;
        }
    }
    changed = changed || kept.size() != m_byRail.size();
    m_byRail = std::move(kept);
    if (changed) fillLines();
}

void SceneSupports::setDraggedKeys(const QStringList &keys)
{
    if (keys == m_draggedKeys) return;
    m_draggedKeys = keys;
    emit draggedKeysChanged();
    fillLines();
}

void SceneSupports::fillLines()
{
    std::set<std::string> dragged;
    for (const QString &key : m_draggedKeys)
        if (const auto id = Selection::fromKey(key); id && id->kind == document::ObjectKind::Rail)
            dragged.insert(id->id);
    std::array<std::vector<core::Vec3>, 3> ends, draggedEnds;
    for (const auto &[id, entry] : m_byRail)
        for (const Support &s : entry.supports) {
            auto &out = (dragged.count(id) ? draggedEnds : ends)[std::size_t(s.clearance)];
            out.push_back(s.top);
            out.push_back({s.top.x, s.top.y, s.ground});
        }
    // Unchanged sets upload nothing (LineGeometry::setSegments): a drag refills the dragged rails'.
    for (std::size_t i = 0; i < 3; ++i) {
        m_lines[i]->setSegments(ends[i]);
        m_dragged[i]->setSegments(draggedEnds[i]);
    }
    emit supportsChanged();
}

QVariantList SceneSupports::supportsOf(const QString &key) const
{
    QVariantList out;
    const auto found = m_byRail.find(key.startsWith(QLatin1String("rail:")) ? key.mid(5).toStdString() : std::string());
    if (found == m_byRail.end()) return out;
    static const char *const names[] = {"low", "close", "clear"};
    for (const Support &s : found->second.supports)
        out.push_back(QVariantMap{{"x", s.top.x},
                                  {"y", s.top.y},
                                  {"z", s.top.z},
                                  {"ground", s.ground},
                                  {"clearance", names[std::size_t(s.clearance)]}});
    return out;
}

} // namespace railforge::app
