#include "navmesh/navmesh_bake.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <set>
#include <thread>

namespace railforge::nav {
namespace {

constexpr char kCacheMagic[8] = {'R', 'F', 'N', 'A', 'V', 'T', '1', '\n'};

// Bakes `keys` into `mesh` on `limits.threads` threads, each tile from the cache when it can be.
BakeStats bakeInto(NavMesh &mesh, const std::vector<TileKey> &keys, const WalkableInput &input,
                   const std::vector<Solid> &solids, TileCache *cache, const BakeLimits &limits, std::string *error,
                   bool *stopped)
{
    const auto started = std::chrono::steady_clock::now();
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0}, baked{0}, cached{0};
    std::vector<std::uint64_t> fingerprints(keys.size(), 0);
    std::atomic<bool> stop{false};
    std::mutex errorMutex;
    const auto work = [&] {
        for (std::size_t i = next++; i < keys.size() && !stop; i = next++) {
            if (limits.stop && limits.stop()) {
                stop = true;
                if (stopped) *stopped = true;
                return;
            }
            const TileInput in = gatherTile(input, solids, mesh.agent(), mesh.settings(), keys[i]);
            fingerprints[i] = in.fingerprint;
            std::shared_ptr<const std::vector<unsigned char>> data = cache ? cache->find(in.fingerprint) : nullptr;
            if (data) {
                ++cached;
            } else {
                BakedTile tile = bakeTile(in, mesh.agent(), mesh.settings(), keys[i]);
                if (!tile.error.empty()) {
                    const std::lock_guard lock(errorMutex);
                    if (error && error->empty()) *error = tile.error;
                    stop = true;
                    return;
                }
                data = std::make_shared<const std::vector<unsigned char>>(std::move(tile.data));
                if (cache) cache->put(in.fingerprint, data);
                ++baked;
            }
            std::string why;
            if (!mesh.setTile(keys[i], *data, &why)) {
                const std::lock_guard lock(errorMutex);
                if (error && error->empty()) *error = why;
                stop = true;
                return;
            }
            const int finished = ++done;
            if (limits.progress) limits.progress(finished, int(keys.size()));
        }
    };
    const int threads =
        std::max(1, std::min<int>(limits.threads > 0 ? limits.threads : int(std::thread::hardware_concurrency()),
                                  int(keys.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread &t : pool) t.join();
    BakeStats stats;
    stats.baked = baked;
    stats.cached = cached;
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::erase(fingerprints, std::uint64_t(0));
    stats.fingerprints = std::move(fingerprints);
    return stats;
}

void countTiles(const NavMesh &mesh, BakeStats &stats)
{
    const auto tiles = mesh.tiles();
    stats.tiles = int(tiles.size());
    stats.polygons = 0;
    for (const auto &[key, polygons] : tiles) stats.polygons += polygons;
}

} // namespace

std::shared_ptr<const std::vector<unsigned char>> TileCache::find(std::uint64_t fingerprint)
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(fingerprint);
    if (it == m_entries.end()) return nullptr;
    it->second.used = ++m_clock;
    return it->second.data;
}

void TileCache::put(std::uint64_t fingerprint, std::shared_ptr<const std::vector<unsigned char>> data)
{
    const std::lock_guard lock(m_mutex);
    Entry &e = m_entries[fingerprint];
    if (e.data) m_bytes -= e.data->size();
    m_bytes += data->size();
    e.data = std::move(data);
    e.used = ++m_clock;
    trim();
}

std::size_t TileCache::size() const
{
    const std::lock_guard lock(m_mutex);
    return m_entries.size();
}

void TileCache::trim()
{
    if (m_bytes <= m_maxBytes) return;
    // The least recently used go until a quarter below the limit (not one at a time).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> byUse;
    for (const auto &[fingerprint, e] : m_entries) byUse.push_back({e.used, fingerprint});
    std::sort(byUse.begin(), byUse.end());
    for (const auto &[used, fingerprint] : byUse) {
        if (m_bytes <= m_maxBytes / 4 * 3) break;
        m_bytes -= m_entries[fingerprint].data->size();
        m_entries.erase(fingerprint);
    }
}

bool TileCache::load(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    char magic[8];
    std::uint64_t count = 0;
    if (!in.read(magic, 8) || !std::equal(magic, magic + 8, kCacheMagic) ||
        !in.read(reinterpret_cast<char *>(&count), sizeof count))
        return false;
    for (std::uint64_t i = 0; i < count; ++i) {
        std::uint64_t fingerprint = 0, size = 0;
        if (!in.read(reinterpret_cast<char *>(&fingerprint), sizeof fingerprint) ||
            !in.read(reinterpret_cast<char *>(&size), sizeof size) || size > (std::uint64_t(64) << 20))
            return false;
        auto data = std::make_shared<std::vector<unsigned char>>(size);
        if (!in.read(reinterpret_cast<char *>(data->data()), std::streamsize(size))) return false;
        put(fingerprint, std::move(data));
    }
    return true;
}

bool TileCache::save(const std::string &path, const std::vector<std::uint64_t> *only) const
{
    const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        const std::lock_guard lock(m_mutex);
        std::vector<std::pair<std::uint64_t, const Entry *>> kept;
        if (only) {
            for (const std::uint64_t f : *only)
                if (const auto e = m_entries.find(f); e != m_entries.end()) kept.push_back({f, &e->second});
        } else {
            for (const auto &[f, e] : m_entries) kept.push_back({f, &e});
        }
        const std::uint64_t count = kept.size();
        out.write(kCacheMagic, 8);
        out.write(reinterpret_cast<const char *>(&count), sizeof count);
        for (const auto &[fingerprint, entry] : kept) {
            const Entry &e = *entry;
            const std::uint64_t size = e.data->size();
            out.write(reinterpret_cast<const char *>(&fingerprint), sizeof fingerprint);
            out.write(reinterpret_cast<const char *>(&size), sizeof size);
            out.write(reinterpret_cast<const char *>(e.data->data()), std::streamsize(size));
        }
        if (!out.flush()) {
            std::remove(temporary.c_str());
            return false;
        }
    }
    return std::rename(temporary.c_str(), path.c_str()) == 0 || (std::remove(temporary.c_str()), false);
}

std::vector<TileKey> tilesReaching(const core::PlanBox &box, const AgentSize &agent, const BakeSettings &settings)
{
    const TileRange range = tilesOver(grown(box, (settings.borderCells(agent) + 1) * settings.cell), settings);
    std::vector<TileKey> out;
    for (int z = range.z0; z <= range.z1 && !range.empty(); ++z)
        for (int x = range.x0; x <= range.x1; ++x) out.push_back({x, z});
    return out;
}

BakeResult bakeNavMesh(const WalkableInput &input, const std::vector<Solid> &solids, const AgentSize &agent,
                       const BakeSettings &settings, TileCache *cache, const BakeLimits &limits)
{
    BakeResult out;
    if (std::string why = whyNotBakeable(agent, settings); !why.empty()) {
        out.error = why;
        return out;
    }
    const TileRange range = tilesOver(input.bounds(), settings);
    out.cellsNeeded = range.count() * std::int64_t(settings.tileCells) * settings.tileCells;
    if (out.cellsNeeded > limits.maxCells) {
        out.error = "over the cell budget";
        return out;
    }
    auto mesh = std::make_shared<NavMesh>(agent, settings, range);
    if (!mesh->valid()) {
        out.error = mesh->error();
        return out;
    }
    std::vector<TileKey> keys;
    for (int z = range.z0; z <= range.z1 && !range.empty(); ++z)
        for (int x = range.x0; x <= range.x1; ++x) keys.push_back({x, z});
    out.stats = bakeInto(*mesh, keys, input, solids, cache, limits, &out.error, &out.stopped);
    if (out.stopped || !out.error.empty()) return out;
    countTiles(*mesh, out.stats);
    out.mesh = std::move(mesh);
    return out;
}

BakeStats rebakeTiles(NavMesh &mesh, const WalkableInput &input, const std::vector<Solid> &solids,
                      const std::vector<core::PlanBox> &changed, TileCache *cache, const BakeLimits &limits,
                      std::string *error)
{
    std::set<TileKey> keys;
    const TileRange &range = mesh.range();
    for (const core::PlanBox &box : changed)
        for (const TileKey &k : tilesReaching(box, mesh.agent(), mesh.settings()))
            if (k.x >= range.x0 && k.x <= range.x1 && k.z >= range.z0 && k.z <= range.z1) keys.insert(k);
    BakeStats stats = bakeInto(mesh, {keys.begin(), keys.end()}, input, solids, cache, limits, error, nullptr);
    countTiles(mesh, stats);
    return stats;
}

} // namespace railforge::nav
