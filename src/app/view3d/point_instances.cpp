#include "app/view3d/point_instances.h"

#include <QQmlEngine>
#include <QVector3D>

namespace railforge::app {

PointInstances::PointInstances(QQuick3DObject *parent) : QQuick3DInstancing(parent)
{
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership); // the scene deletes it (mesh_geometry.cpp)
}

void PointInstances::setPoints(std::vector<PointInstance> points)
{
    if (points == m_points) return;
    const bool countChanges = points.size() != m_points.size();
    m_points = std::move(points);
    m_dirty = true;
    markDirty();
    if (countChanges) emit countChanged();
}

QByteArray PointInstances::getInstanceBuffer(int *instanceCount)
{
    if (m_dirty) {
        m_buffer.resize(qsizetype(m_points.size() * sizeof(InstanceTableEntry)));
        auto *entry = reinterpret_cast<InstanceTableEntry *>(m_buffer.data());
        for (const PointInstance &p : m_points)
            *entry++ = calculateTableEntry(QVector3D(float(p.position.x), float(p.position.y), float(p.position.z)),
                                           QVector3D(p.scale, p.scale, p.scale), QVector3D(), p.colour);
        m_dirty = false;
    }
    if (instanceCount) *instanceCount = int(m_points.size());
    return m_buffer;
}

} // namespace railforge::app
