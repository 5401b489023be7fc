#include "catmull_rom.h"

#include "core/memory_hints.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace railforge::catmullrom {

namespace {

using core::lengthSquared;

// Knot interval |q - p|^alpha; the common alphas avoid pow, which would cost more than a segment.
double knotInterval(Vec3 p, Vec3 q, double alpha)
{
    if (alpha == 0.0) return 1.0; // |v|^0 = 1, zero-length chords included
    const double d2 = lengthSquared(q - p);
    if (alpha == 0.5) return std::sqrt(std::sqrt(d2));
    if (alpha == 1.0) return std::sqrt(d2);
    return std::pow(d2, 0.5 * alpha);
}

// Difference quotient v / dt, taken as 0 over a zero interval (v is then 0 too, or negligibly small).
Vec3 quotient(Vec3 v, double dt) { return dt > 0.0 ? v / dt : Vec3{}; }

// Cubic Hermite basis weights (h00, h10, h01, h11) at u = j / N for j = 0..N-1: the same for every
// segment, because each is sampled at equal steps of its own knot interval.
std::vector<std::array<double, 4>> hermiteBasis(int n)
{
    std::vector<std::array<double, 4>> basis(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const double u = double(j) / n, u2 = u * u, u3 = u2 * u;
        basis[std::size_t(j)] = {2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u, -2 * u3 + 3 * u2, u3 - u2};
    }
    return basis;
}

// Appends to a vector through a small buffer that stays in L1: one capacity check and one bulk copy
// per few hundred points (push_back measured about twice as slow per point). Call flush() at the end.
class Appender {
public:
    // Appends to out.
    explicit Appender(std::vector<Vec3> &out) : m_out(out) {}
    // Room for `count` (<= kSize) more points; commit(count) after writing them.
    Vec3 *room(std::size_t count)
    {
        if (m_size + count > kSize) flush();
        return m_buffer + m_size;
    }
    // Accepts the points just written into room().
    void commit(std::size_t count) { m_size += count; }
    // Moves the queued points into the vector.
    void flush()
    {
        m_out.insert(m_out.end(), m_buffer, m_buffer + m_size);
        m_size = 0;
    }
    // Largest count room() accepts.
    static constexpr std::size_t kSize = 512; // 12 KB

private:
    std::vector<Vec3> &m_out;
    Vec3 m_buffer[kSize];
    std::size_t m_size = 0;
};

// Appends the samples of segment p1 -> p2 (neighbours p0, p3; knot intervals d0, d1, d2). The
// tangents are (t2 - t1) times the Barry-Goldman end derivatives, which makes the Hermite form equal
// the non-uniform Catmull-Rom curve; the d1 > 0 guard keeps 0 * (huge quotient) from ever mattering.
void appendSegment(Vec3 p0, Vec3 p1, Vec3 p2, Vec3 p3, double d0, double d1, double d2,
                   const std::vector<std::array<double, 4>> &basis, Appender &out)
{
    const Vec3 chord = p2 - p1;
    Vec3 t1 = chord, t2 = chord;
    if (d1 > 0.0) {
        t1 += d1 * (quotient(p1 - p0, d0) - quotient(p2 - p0, d0 + d1));
        t2 += d1 * (quotient(p3 - p2, d2) - quotient(p3 - p1, d1 + d2));
    }
    // Written in blocks straight into the appender's buffer (subdivisions may exceed its size).
    const std::array<double, 4> *h = basis.data();
    for (std::size_t left = basis.size(); left > 0;) {
        const std::size_t count = std::min(left, Appender::kSize);
        Vec3 *at = out.room(count);
        for (std::size_t j = 0; j < count; ++j, ++h) at[j] = (*h)[0] * p1 + (*h)[1] * t1 + (*h)[2] * p2 + (*h)[3] * t2;
        out.commit(count);
        left -= count;
    }
}

} // namespace

std::size_t outputSize(std::size_t n, bool closed, int subdivisions)
{
    if (n < 2) return n;
    const std::size_t per = std::size_t(std::max(1, subdivisions));
    return closed ? n * per : (n - 1) * per + 1;
}

void smooth(const std::vector<Vec3> &points, bool closed, const Options &options, std::vector<Vec3> &out)
{
    if (&out == &points) { // in place: work from a copy of the input
        const std::vector<Vec3> copy(points);
        smooth(copy, closed, options, out);
        return;
    }
    const std::size_t n = points.size();
    if (n < 2) {
        out.assign(points.begin(), points.end());
        return;
    }
    const auto basis = hermiteBasis(std::max(1, options.subdivisions));
    const double alpha = options.alpha;
    const bool reflect = options.endpoints == Endpoints::Reflect;

    // Point k of the polyline, k in [-1, n]: wrapping when closed, else the phantoms at -1 and n.
    const auto at = [&](std::ptrdiff_t k) -> Vec3 {
        const auto size = std::ptrdiff_t(n);
        if (closed) return points[std::size_t((k % size + size) % size)];
        if (k < 0) return reflect ? 2.0 * points[0] - points[1] : points[0];
        if (k >= size) return reflect ? 2.0 * points[n - 1] - points[n - 2] : points[n - 1];
        return points[std::size_t(k)];
    };

    out.clear();
    const std::size_t size = outputSize(n, closed, options.subdivisions);
    if (out.capacity() < size) {
        out = std::vector<Vec3>(); // give the old block back before taking a bigger one
        out.reserve(size);
        core::adviseHugePages(out.data(), out.capacity() * sizeof(Vec3));
    }
    Appender append(out);
    const std::size_t segments = closed ? n : n - 1;
    // A sliding window of four points and their three knot intervals.
    Vec3 p0 = at(-1), p1 = at(0), p2 = at(1);
    double d0 = knotInterval(p0, p1, alpha), d1 = knotInterval(p1, p2, alpha);
    for (std::size_t i = 0; i < segments; ++i) {
        const Vec3 p3 = at(std::ptrdiff_t(i) + 2);
        const double d2 = knotInterval(p2, p3, alpha);
        appendSegment(p0, p1, p2, p3, d0, d1, d2, basis, append);
        p0 = p1;
        p1 = p2;
        p2 = p3;
        d0 = d1;
        d1 = d2;
    }
    if (!closed) {
        *append.room(1) = points[n - 1];
        append.commit(1);
    }
    append.flush();
}

std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const Options &options)
{
    std::vector<Vec3> out;
    smooth(points, closed, options, out);
    return out;
}

} // namespace railforge::catmullrom
