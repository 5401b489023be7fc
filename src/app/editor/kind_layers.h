// Show / hide and lock per object kind (waypoints, edges, obstacles, rails, patrols, junctions,
// references), like the layer toggles of Tiled and Unity's scene visibility. A hidden kind is not drawn and cannot be
// picked; a locked kind is drawn but cannot be picked, so designers can work around it.
#pragma once

#include "document/model/object_ref.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

#include <array>

namespace railforge::app {

class KindLayers : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    // Grows on every change, so QML bindings that ask isVisible()/isLocked() re-evaluate.
    Q_PROPERTY(int revision READ revision NOTIFY changed)
public:
    using QObject::QObject;

    int revision() const { return m_revision; }
    bool visible(document::ObjectKind kind) const { return m_visible[std::size_t(kind)]; }
    bool locked(document::ObjectKind kind) const { return m_locked[std::size_t(kind)]; }
    // Whether objects of this kind can be clicked, dragged or rubber-banded.
    bool pickable(document::ObjectKind kind) const { return visible(kind) && !locked(kind); }

    // By kind name (kindName: "waypoint", "edge", ..., "reference").
    Q_INVOKABLE bool isVisible(const QString &kind) const;
    Q_INVOKABLE bool isLocked(const QString &kind) const;
    Q_INVOKABLE void setVisible(const QString &kind, bool visible);
    Q_INVOKABLE void setLocked(const QString &kind, bool locked);

signals:
    void changed();

private:
    static std::optional<document::ObjectKind> kindFromName(const QString &kind);
    std::array<bool, document::kObjectKindCount> m_visible = allVisible();
    std::array<bool, document::kObjectKindCount> m_locked{};
    static std::array<bool, document::kObjectKindCount> allVisible()
    {
        std::array<bool, document::kObjectKindCount> all;
        all.fill(true);
        return all;
    }
    int m_revision = 0;
};

} // namespace railforge::app
