// Readable Vec3 in QCOMPARE failure messages (found by argument-dependent lookup).
#pragma once

#include "core/vec3.h"

#include <QtTest>

namespace railforge::core {

inline char *toString(const Vec3 &v)
{
    return QTest::toString(QString("(%1, %2, %3)").arg(v.x, 0, 'g', 17).arg(v.y, 0, 'g', 17).arg(v.z, 0, 'g', 17));
}

} // namespace railforge::core
