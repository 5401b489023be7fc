#include "embree_ground.h"

#include <algorithm>
#include <embree3/rtcore.h>
#include <limits>
#include <stdexcept>

namespace railforge::bench {

struct EmbreeGround::Handles {
    RTCDevice device = nullptr;
    RTCScene scene = nullptr;
};

EmbreeGround::EmbreeGround(const std::vector<core::GroundTriangle> &triangles) : m_handles(std::make_unique<Handles>())
{
    m_handles->device = rtcNewDevice("threads=1");
    if (!m_handles->device) throw std::runtime_error("Embree: no device");
    m_handles->scene = rtcNewScene(m_handles->device);
    rtcSetSceneFlags(m_handles->scene, RTC_SCENE_FLAG_NONE);
    rtcSetSceneBuildQuality(m_handles->scene, RTC_BUILD_QUALITY_HIGH);
    RTCGeometry geometry = rtcNewGeometry(m_handles->device, RTC_GEOMETRY_TYPE_TRIANGLE);
    rtcSetGeometryBuildQuality(geometry, RTC_BUILD_QUALITY_HIGH);
    auto *vertices = static_cast<float *>(rtcSetNewGeometryBuffer(
        geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), 3 * triangles.size()));
    auto *indices = static_cast<unsigned *>(rtcSetNewGeometryBuffer(
        geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(unsigned), triangles.size()));
    m_top = -std::numeric_limits<double>::infinity();
    std::size_t v = 0;
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        for (const core::Vec3 &p : {triangles[i].a, triangles[i].b, triangles[i].c}) {
            vertices[3 * v] = float(p.x), vertices[3 * v + 1] = float(p.y), vertices[3 * v + 2] = float(p.z);
            indices[v] = unsigned(v);
            m_top = std::max(m_top, p.z);
            ++v;
        }
    }
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(m_handles->scene, geometry);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(m_handles->scene);
    m_top += 1;
}

EmbreeGround::~EmbreeGround()
{
    rtcReleaseScene(m_handles->scene);
    rtcReleaseDevice(m_handles->device);
}

std::optional<double> EmbreeGround::highest(double x, double y) const { return down(x, y, m_top); }

std::optional<double> EmbreeGround::highestBelow(double x, double y, double z) const
{
    return down(x, y, std::min(z, m_top));
}

std::optional<double> EmbreeGround::down(double x, double y, double z) const
{
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rh{};
    rh.ray.org_x = float(x), rh.ray.org_y = float(y), rh.ray.org_z = float(z);
    rh.ray.dir_x = 0, rh.ray.dir_y = 0, rh.ray.dir_z = -1;
    rh.ray.tnear = 0;
    rh.ray.tfar = std::numeric_limits<float>::infinity();
    rh.ray.mask = ~0u;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(m_handles->scene, &context, &rh);
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;
    return double(rh.ray.org_z) - double(rh.ray.tfar);
}

} // namespace railforge::bench
