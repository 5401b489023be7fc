#include "app/navigation/navmesh_model.h"

#include "document/editing/level_editing.h"
#include "document/model/tool_numbers.h"

#include "navmesh/nav_query.h"

#include <QDir>
#include <QPointer>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace railforge::app {

NavMeshModel::NavMeshModel(document::LevelDocument &document, Selection &selection, GroundModel &ground,
                           QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection), m_ground(ground)
{
    // Beside the user's other caches, never in the project (RAILFORGE_NAVMESH_CACHE: another folder;
    // set and empty: none).
    const QByteArray folder = qgetenv("RAILFORGE_NAVMESH_CACHE");
    m_cacheFolder = qEnvironmentVariableIsSet("RAILFORGE_NAVMESH_CACHE")
                        ? QString::fromLocal8Bit(folder)
                        : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                              QStringLiteral("/railforge/navmesh");
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        using K = document::ObjectKind;
        if (change.listChanged(K::Agent)) {
            emit agentsChanged();
            emit shownChanged();
        }
        // An agent's sizes, the obstacles' places, or who walks a patrol (the shown agent).
        if (change.touches({K::Agent, K::Obstacle}, document::kShapePart) || change.listChanged(K::Agent) ||
            change.listChanged(K::Obstacle))
            m_job.request();
        if (change.touches({K::Patrol}, document::kShapePart)) emit shownChanged();
    });
    connect(&m_document, &document::LevelDocument::filePathChanged, this, [this] {
        // Another level (or this one saved elsewhere): nothing baked stands for it.
        m_meshes.clear();
        m_input.reset();
        m_inputSources.reset();
        m_bakedObstacles.clear();
        publishNavigation();
        emit agentsChanged();
        emit shownChanged();
        emit meshChanged();
    });
    connect(&m_ground, &GroundModel::groundChanged, this, [this] { m_job.request(); });
    connect(&m_selection, &Selection::changed, this, [this] {
        if (m_chosen.isEmpty()) emit shownChanged();
    });
    publishNavigation();
    m_job.request();
}

NavMeshModel::~NavMeshModel()
{
    if (m_cancel) m_cancel->store(true); // then m_job waits for the run to notice
}

void NavMeshModel::setShown(bool shown)
{
    if (shown == m_shown) return;
    m_shown = shown;
    emit shownChanged();
}

void NavMeshModel::setChosenAgent(const QString &agent)
{
    if (agent == m_chosen) return;
    m_chosen = agent;
    emit shownChanged();
    emit meshChanged();
}

QStringList NavMeshModel::agents() const
{
    QStringList out;
    for (const document::Agent &a : m_document.level().agents) out << QString::fromStdString(a.id);
    return out;
}

std::string NavMeshModel::shownAgent() const
{
    const auto &agents = m_document.level().agents;
    const auto known = [&](const std::string &id) {
        return std::any_of(agents.begin(), agents.end(), [&](const document::Agent &a) { return a.id == id; });
    };
    if (!m_chosen.isEmpty() && known(m_chosen.toStdString())) return m_chosen.toStdString();
    if (m_selection.count() == 1) {
        const document::ObjectId &id = *m_selection.objects().begin();
        if (id.kind == document::ObjectKind::Agent) return id.id;
        if (id.kind == document::ObjectKind::Patrol)
            if (const auto at = document::findObject(m_document.level(), id)) {
                const std::string &agent = m_document.level().patrols[at->index].agent;
                if (known(agent)) return agent;
            }
    }
    return agents.empty() ? std::string() : agents.front().id;
}

std::shared_ptr<const nav::NavMesh> NavMeshModel::shownMesh() const
{
    const auto found = m_meshes.find(shownAgent());
    return found == m_meshes.end() ? nullptr : found->second.mesh;
}

QString NavMeshModel::problem() const
{
    const std::string agent = shownAgent();
    if (agent.empty()) return {};
    const auto found = m_meshes.find(agent);
    if (found == m_meshes.end()) return busy() ? QString() : tr("not baked yet");
    return QString::fromStdString(found->second.why);
}

int NavMeshModel::polygons() const
{
    const auto mesh = shownMesh();
    return mesh ? mesh->polygonCount() : 0;
}

void NavMeshModel::setProgress(const QString &text)
{
    if (text == m_progress) return;
    m_progress = text;
    emit progressChanged();
}

std::optional<QFuture<NavMeshBakeResult>> NavMeshModel::launch()
{
    const document::Level &level = m_document.level();
    if (level.agents.empty()) {
        if (!m_meshes.empty()) {
            m_meshes.clear();
            publishNavigation();
            emit meshChanged();
        }
        return std::nullopt;
    }
    NavMeshBakeInput in;
    in.level.agents = level.agents;
    in.level.obstacles = level.obstacles;
    in.sources = m_ground.sources();
    in.input = m_input;
    in.inputSources = m_inputSources;
    in.obstacles = m_bakedObstacles;
    in.meshes = m_meshes;
    in.cache = m_cache;
    in.cacheFolder = m_cacheFolder;
    in.levelPath = m_document.filePath();
    in.loadedCacheFiles = m_loadedCacheFiles;
    in.maxCells = m_ground.access().rules().maxNavmeshCells;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    in.cancelled = m_cancel;
    QPointer<NavMeshModel> self(this);
    in.progress = [self](const std::string &agent, int done, int total) {
        // A few dozen steps a bake: the status bar needs no more.
        if (done != total && done % std::max(1, total / 40) != 0) return;
        const QString text =
            tr("Baking the navmesh of '%1': %2 of %3 tiles").arg(QString::fromStdString(agent)).arg(done).arg(total);
        QMetaObject::invokeMethod(
            self,
            [self, text] {
                if (self && self->m_job.running()) self->setProgress(text);
            },
            Qt::QueuedConnection);
    };
    return QtConcurrent::run([in = std::move(in)]() mutable { return bakeLevelNavMeshes(std::move(in)); });
}

void NavMeshModel::take(NavMeshBakeResult result)
{
    m_meshes = std::move(result.meshes);
    m_input = std::move(result.input);
    m_inputSources = std::move(result.inputSources);
    // A run cancelled part way leaves obstacles not baked in: the next run bakes their tiles again.
    if (!result.stopped) m_bakedObstacles = std::move(result.obstacles);
    m_loadedCacheFiles = std::move(result.loadedCacheFiles);
    m_lastBaked = result.baked;
    m_lastCached = result.cached;
    ++m_revision;
    setProgress({});
    publishNavigation();
    emit meshChanged();
}

void NavMeshModel::publishNavigation()
{
    std::map<std::string, std::shared_ptr<const nav::NavMesh>> baked;
    std::map<std::string, std::string> why;
    for (const auto &[agent, entry] : m_meshes) {
        if (entry.mesh) baked[agent] = entry.mesh;
        if (!entry.why.empty()) why[agent] = entry.why;
    }
    const bool walkable = m_input && !m_input->empty();
    m_navigation = std::make_shared<const document::LevelNavigation>(m_document.level(), m_ground.ground(), walkable,
                                                                     std::move(baked), why);
}

core::Vec3 NavMeshModel::landing(core::Vec3 p) const
{
    const auto mesh = m_shown ? shownMesh() : nullptr;
    if (!mesh) return p;
    nav::NavQuery query(mesh);
    const auto &agent = mesh->agent();
    const auto near = query.nearest(p, 4 * agent.radius + mesh->settings().cell, agent.height + agent.climb);
    return near ? m_navigation->onGround(*near, *mesh) : p;
}

QVariant NavMeshModel::walkablePoint(double x, double y, double z) const
{
    const auto mesh = shownMesh();
    if (!mesh) return {};
    nav::NavQuery query(mesh);
    const auto near = query.nearestAnywhere({x, y, z}, 1e4);
    if (!near) return {};
    const core::Vec3 p = m_navigation->onGround(*near, *mesh);
    return QVariantList{p.x, p.y, p.z};
}

bool NavMeshModel::walkableAt(double x, double y, double z) const
{
    const auto mesh = shownMesh();
    return mesh && nav::NavQuery(mesh).under({x, y, z});
}

QString NavMeshModel::putOnWalkableGround()
{
    const auto mesh = shownMesh();
    if (!mesh) return tr("No navmesh is shown to put waypoints on");
    const document::Level &level = m_document.level();
    nav::NavQuery query(mesh);
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    for (const document::ObjectId &id : m_selection.objects()) {
        if (id.kind != document::ObjectKind::Waypoint) continue;
        const auto at = document::findObject(level, id);
        if (!at) continue;
        document::Waypoint w = level.waypoints[at->index];
        const auto near = query.nearestAnywhere(w.position, 1e4);
        if (!near) continue;
        // Rounded as every tool rounds what it makes (tool_numbers.h).
        w.position = document::toolPoint(m_navigation->onGround(*near, *mesh));
        edited.push_back({*at, w});
    }
    if (edited.empty()) return tr("Select waypoints to put on the walkable ground");
    const QString text = tr("Put %n waypoint(s) on walkable ground", nullptr, int(edited.size()));
    return QString::fromStdString(document::changeObjects(m_document, std::move(edited), text));
}

void NavMeshModel::cancel()
{
    if (m_cancel) m_cancel->store(true);
}

void NavMeshModel::waitForBake()
{
    // The ground read first: when it ends it asks for a bake.
    m_ground.waitForGround();
    m_job.wait();
}

} // namespace railforge::app
