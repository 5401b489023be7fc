#include "app/editor/editor_controller.h"

#include "document/editing/level_editing.h"
#include "document/model/tool_numbers.h"

#include <cmath>
#include <map>
#include <unordered_set>

namespace railforge::app {

EditorController::EditorController(QObject *parent) : QObject(parent)
{
    m_registry.loadDefaultLocations();
    for (const QString &problem : m_registry.problems()) qWarning("%s", qPrintable(problem));
    m_preview = std::make_unique<PatrolPreview>(&m_document, &m_registry);
    m_files = new FileSession(m_document, m_selection, this);
    m_recovery = new RecoverySession(m_document, *m_files, this);
    m_inspector = new ObjectInspector(m_document, m_selection, this);
    m_channels = new ChannelInspector(m_document, m_selection, this);
    m_rail = new RailInspector(m_document, m_selection, this);
    m_track = new TrackInspector(m_document, m_selection, this);
    m_junction = new JunctionInspector(m_document, m_selection, this);
    m_pipeline = new PipelineEditor(m_document, m_registry, *m_preview, this);
    m_clipboard = new Clipboard(m_document, m_selection, this);
    m_transfer = new ImportExport(m_document, m_selection, m_registry, *m_files, this);
    m_layers = new KindLayers(this);
    m_cursor = new RailCursor(this);
    m_access = new ReferenceAccess(m_document, this);
    m_ground = new GroundModel(m_document, *m_access, this);
    m_meshes = new MeshExport(m_document, *m_ground, this);
    // A reference refused by the project's rules is said where the designer looks, as well as marked
    // in the outliner.
    connect(m_ground, &GroundModel::groundChanged, this, [this] {
        for (const document::Reference &r : m_document.level().references)
            if (m_ground->refused(r.id)) {
                showStatus(tr("Reference '%1' was not read: %2 (⚠ in the outliner)")
                               .arg(QString::fromStdString(r.id), m_ground->problemOf(r.id)));
                return;
            }
    });
    m_grounding = new GroundEditing(m_document, m_selection, *m_ground, this);
    connect(m_grounding, &GroundEditing::status, this, &EditorController::showStatus);
    // Pasted points land on the ground by the same rule as placed ones (near their copied height).
    m_clipboard->setHeightPlacer(
        [grounding = m_grounding](double x, double y, document::ObjectKind kind, double copied) {
            return grounding->placedHeight(x, y, kind, copied);
        });
    m_references = new ReferenceList(m_document, m_selection, *m_ground, this);
    m_problems = new ProblemList(m_document, *m_ground, m_registry, *m_preview, this);
    m_navmesh = new NavMeshModel(m_document, m_selection, *m_ground, this);
    m_agent = new AgentInspector(m_document, m_selection, this);
    // Patrols with agents walk the meshes, and the Problems panel checks them, as each bake ends.
    connect(m_navmesh, &NavMeshModel::meshChanged, this, [this] {
        m_preview->setNavigation(m_navmesh->navigation());
        m_problems->setNavigation(m_navmesh->navigation());
    });
    // The profile follows the selection; a cursor on another object than the profiled one goes.
    auto announceProfileKey = [this] {
        const QString key = profileKey();
        if (key == m_profileKey) return;
        m_profileKey = key;
        if (m_cursor->key() != key) m_cursor->clear();
        emit profileKeyChanged();
    };
    connect(&m_selection, &Selection::changed, this, announceProfileKey);
    connect(m_cursor, &RailCursor::changed, this, announceProfileKey);
    connect(m_files, &FileSession::status, this, &EditorController::showStatus);
    connect(m_transfer, &ImportExport::status, this, &EditorController::showStatus);
    connect(m_meshes, &MeshExport::status, this, &EditorController::showStatus);
    // A new level starts with snapping on, whatever the last one used.
    connect(m_files, &FileSession::filePathChanged, this, [this] {
        if (m_document.filePath().isEmpty()) setSnapEnabled(true);
    });
    connect(&m_document, &document::LevelDocument::levelChanged, this, &EditorController::levelChanged);
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        // A selected object goes away only when objects are removed or renamed (an id is data; an
        // edge's is its ends): a drag, a colour or a new object leaves every selected id in place.
        using K = document::ObjectKind;
        if (change.structural() || change.touches({K::Edge}, document::kShapePart) ||
            change.touches({K::Waypoint, K::Edge, K::Obstacle, K::Rail, K::Patrol, K::Junction, K::Reference},
                           document::kDataPart))
            dropStaleSelection();
    });
    // Hidden or locked objects cannot stay selected: the designer could not see what an edit touches.
    connect(m_layers, &KindLayers::changed, this, [this] {
        std::set<document::ObjectId> kept;
        for (const auto &id : m_selection.objects())
            if (m_layers->pickable(id.kind)) kept.insert(id);
        m_selection.set(std::move(kept));
    });
    auto *stack = m_document.undoStack();
    connect(stack, &QUndoStack::indexChanged, this, &EditorController::undoStateChanged);
    connect(stack, &QUndoStack::canUndoChanged, this, &EditorController::undoStateChanged);
    connect(stack, &QUndoStack::canRedoChanged, this, &EditorController::undoStateChanged);
    m_statusTimer.setSingleShot(true);
    m_statusTimer.setInterval(8000);
    connect(&m_statusTimer, &QTimer::timeout, this, [this] { showStatus({}); });
}

QString EditorController::profileKey() const
{
    // A rider (▶ Play, the 3D ride) crossing a junction takes the profile onto the rail it is on.
    const QString source = m_cursor->source();
    if ((source == QLatin1String("ride") || source == QLatin1String("play")) &&
        m_cursor->key().startsWith(QLatin1String("rail:")))
        return m_cursor->key();
    if (m_selection.railPoint() >= 0) return Selection::keyOf(m_selection.railPointRail());
    if (m_selection.count() != 1) return {};
    const document::ObjectId &only = *m_selection.objects().begin();
    if (only.kind != document::ObjectKind::Rail && only.kind != document::ObjectKind::Patrol) return {};
    return Selection::keyOf(only);
}

EditorController::~EditorController()
{
    // The parts hold references to the document and the selection, which are members and go first
    // otherwise; a dying undo stack must not reach the recovery session (it would discard the copy
    // a crash-free shutdown is not asked to keep).
    delete m_transfer;
    delete m_meshes;
    delete m_clipboard;
    delete m_pipeline;
    delete m_inspector;
    delete m_rail;
    delete m_track;
    delete m_junction;
    delete m_recovery;
    delete m_files;
    delete m_layers;
    delete m_references;
    delete m_grounding;
    delete m_ground;
    delete m_access;
}

void EditorController::setTool(const QString &tool)
{
    if (tool == m_tool) return;
    m_tool = tool;
    emit toolChanged();
}

void EditorController::setSnapEnabled(bool enabled)
{
    if (enabled == m_snapEnabled) return;
    m_snapEnabled = enabled;
    emit snapChanged();
}

void EditorController::setSnapSize(double size)
{
    if (!(size > 0) || size == m_snapSize) return;
    m_snapSize = size;
    emit snapChanged();
}

QPointF EditorController::snap(QPointF world) const
{
    if (!m_snapEnabled) return world;
    // 3 x 0.1 is 0.30000000000000004 in binary: rounded as every number a tool computes (tool_numbers.h),
    // so the file says 0.3.
    auto onGrid = [this](double v) { return document::toolPosition(std::round(v / m_snapSize) * m_snapSize); };
    return {onGrid(world.x()), onGrid(world.y())};
}

void EditorController::showStatus(const QString &message)
{
    if (!message.isEmpty()) m_statusTimer.start();
    if (message == m_statusMessage) return;
    m_statusMessage = message;
    emit statusMessageChanged();
}

void EditorController::dropStaleSelection()
{
    if (m_selection.count() == 0) return;
    // Ids of the selected kinds, gathered once: checking each selected object with a linear
    // search would make "select all, then drag" quadratic on big levels.
    const auto &level = m_document.level();
    std::map<document::ObjectKind, std::unordered_set<std::string>> present;
    for (const auto &id : m_selection.objects()) {
        auto [it, inserted] = present.try_emplace(id.kind);
        if (!inserted) continue;
        const std::size_t n = document::objectCount(level, id.kind);
        it->second.reserve(n);
        for (std::size_t i = 0; i < n; ++i) it->second.insert(document::objectIdAt(level, {id.kind, i}));
    }
    std::set<document::ObjectId> kept;
    for (const auto &id : m_selection.objects())
        if (present[id.kind].count(id.id)) kept.insert(id);
    m_selection.set(std::move(kept));
}

namespace {

QString joined(const std::vector<std::string> &ids)
{
    QStringList names;
    for (const auto &id : ids) names << QString::fromStdString(id);
    return names.join(QStringLiteral(", "));
}

// What a delete took beyond the selection, in one sentence ("" when nothing).
QString describeDelete(const document::DeleteReport &report)
{
    QStringList parts;
    if (report.edgesWithWaypoints > 0)
        parts << EditorController::tr("%n edge(s) went with their waypoints", "", int(report.edgesWithWaypoints));
    if (!report.patrolsShortened.empty())
        parts << EditorController::tr("patrol %1 lost a stop").arg(joined(report.patrolsShortened));
    if (!report.patrolsRemoved.empty())
        parts << EditorController::tr("patrol %1 was deleted (fewer than 2 stops left)")
                     .arg(joined(report.patrolsRemoved));
    if (!report.junctionsUnlinked.empty())
        parts << EditorController::tr("junction %1 lost its link to it").arg(joined(report.junctionsUnlinked));
    if (!report.junctionsRemoved.empty())
        parts << EditorController::tr("junction %1 was deleted (its rail or every link gone)")
                     .arg(joined(report.junctionsRemoved));
    return parts.join(QStringLiteral("; "));
}

} // namespace

void EditorController::deleteSelection()
{
    if (m_selection.count() == 0) return;
    const auto report = document::deleteObjects(m_document, m_selection.list());
    m_selection.clear();
    const QString also = describeDelete(report);
    const QString what = tr("Deleted %n object(s)", "", int(report.deleted));
    showStatus(also.isEmpty() ? what
                              : what + QStringLiteral(": ") + also + QStringLiteral(" (Ctrl+Z brings them back)"));
}

void EditorController::selectAll()
{
    std::set<document::ObjectId> all;
    const auto &level = m_document.level();
    auto take = [&](document::ObjectKind kind, const auto &items) {
        if (!m_layers->pickable(kind)) return;
        for (const auto &item : items) all.insert({kind, item.id});
    };
    take(document::ObjectKind::Waypoint, level.waypoints);
    take(document::ObjectKind::Rail, level.rails);
    take(document::ObjectKind::Obstacle, level.obstacles);
    take(document::ObjectKind::Patrol, level.patrols);
    take(document::ObjectKind::Junction, level.junctions);
    m_selection.set(std::move(all));
}

void EditorController::selectKind(const QString &kind)
{
    std::set<document::ObjectId> chosen;
    const auto &level = m_document.level();
    for (int k = 0; k < int(document::kObjectKindCount); ++k) {
        const auto candidate = document::ObjectKind(k);
        if (kind != QLatin1String(document::kindName(candidate)) || !m_layers->pickable(candidate)) continue;
        for (std::size_t i = 0; i < document::objectCount(level, candidate); ++i)
            chosen.insert({candidate, document::objectIdAt(level, {candidate, i})});
    }
    m_selection.set(std::move(chosen));
}

bool EditorController::setLevelInfo(const QString &name, const QString &units)
{
    document::LevelInfo info = m_document.level().info; // its default track stays
    info.name = name.toStdString();
    info.units = units.trimmed().toStdString();
    if (info.units.empty()) {
        m_lastEditError = tr("units cannot be empty");
        return false;
    }
    document::setLevelInfo(m_document, std::move(info));
    return true;
}

} // namespace railforge::app
