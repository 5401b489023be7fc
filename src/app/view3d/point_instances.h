// Many small markers (waypoints, rail control points) drawn as one Model: one row of an instance
// table per marker, its position, size and colour.
#pragma once

#include "core/vec3.h"

#include <QColor>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace railforge::app {

struct PointInstance {
    core::Vec3 position;
    float scale = 1.0f; // of the Model's mesh
    QColor colour;
    friend bool operator==(const PointInstance &, const PointInstance &) = default;
};

class PointInstances : public QQuick3DInstancing {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("built by the 3D view's scene")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
public:
    explicit PointInstances(QQuick3DObject *parent = nullptr);
    // Draws `points` from the next frame on; the same points again upload nothing (a drag of a rail
    // leaves the waypoints' ten thousand markers as they are).
    void setPoints(std::vector<PointInstance> points);
    int count() const { return int(m_points.size()); }
    const std::vector<PointInstance> &points() const { return m_points; }

signals:
    void countChanged();

protected:
    QByteArray getInstanceBuffer(int *instanceCount) override;

private:
    std::vector<PointInstance> m_points;
    QByteArray m_buffer;
    bool m_dirty = true;
};

} // namespace railforge::app
