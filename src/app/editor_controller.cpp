#include "app/editor_controller.h"

#include "app/pipeline_editing.h"
#include "document/level_editing.h"
#include "document/replace_level_command.h"
#include "document/set_level_info_command.h"

#include <QFile>
#include <QFileInfo>

#include <map>
#include <unordered_set>
#include "document/level_file.h"

#include <cmath>

namespace railforge::app {

EditorController::EditorController(QObject *parent) : QObject(parent)
{
    m_registry.loadDefaultLocations();
    for (const QString &problem : m_registry.problems()) qWarning("%s", qPrintable(problem));
    m_preview = std::make_unique<PatrolPreview>(&m_document, &m_registry);
    connect(m_preview.get(), &PatrolPreview::routesChanged, this, &EditorController::routesChanged);
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &EditorController::filePathChanged);
    connect(&m_document, &document::LevelDocument::modifiedChanged, this, &EditorController::modifiedChanged);
    connect(&m_document, &document::LevelDocument::levelChanged, this, &EditorController::levelChanged);
    connect(&m_document, &document::LevelDocument::levelChanged, this, &EditorController::dropStaleSelection);
    connect(this, &EditorController::filePathChanged, this, &EditorController::titleChanged);
    connect(this, &EditorController::modifiedChanged, this, &EditorController::titleChanged);
    m_autosave.setInterval(60'000);
    connect(&m_autosave, &QTimer::timeout, this, &EditorController::autosaveNow);
    m_autosave.start();
    auto *stack = m_document.undoStack();
    connect(stack, &QUndoStack::indexChanged, this, &EditorController::undoStateChanged);
    connect(stack, &QUndoStack::canUndoChanged, this, &EditorController::undoStateChanged);
    connect(stack, &QUndoStack::canRedoChanged, this, &EditorController::undoStateChanged);
}

QString EditorController::fileName() const
{
    return m_document.filePath().isEmpty() ? tr("untitled.yaml") : QFileInfo(m_document.filePath()).fileName();
}

QUrl EditorController::folderUrl() const
{
    if (m_document.filePath().isEmpty()) return {};
    return QUrl::fromLocalFile(QFileInfo(m_document.filePath()).absolutePath());
}

QString EditorController::title() const
{
    return fileName() + (modified() ? QStringLiteral("*") : QString()) + QStringLiteral(" \u2014 RailForge");
}

void EditorController::setTool(Tool tool)
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
    return {std::round(world.x() / m_snapSize) * m_snapSize, std::round(world.y() / m_snapSize) * m_snapSize};
}

QStringList EditorController::strategyIds() const
{
    QStringList ids;
    for (const auto *info : m_registry.strategies()) ids << QString::fromStdString(info->id);
    return ids;
}

void EditorController::newLevel()
{
    m_selection.clear();
    m_document.reset();
}

QString EditorController::toLocalPath(const QString &pathOrUrl)
{
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}

bool EditorController::openFile(const QString &pathOrUrl)
{
    const QString path = toLocalPath(pathOrUrl);
    const auto result = m_document.load(path);
    if (result.level) {
        m_selection.clear();
        rememberRecent(path);
        return true;
    }
    m_lastProblems.clear();
    for (const auto &d : result.diagnostics)
        if (d.severity == document::Severity::Error) m_lastProblems << QString::fromStdString(document::formatDiagnostic(d));
    emit lastProblemsChanged();
    emit openFailed(path, m_lastProblems);
    return false;
}

bool EditorController::save()
{
    if (m_document.filePath().isEmpty()) {
        emit saveFailed(tr("This level has no file yet: use Save As."));
        return false;
    }
    return saveAs(m_document.filePath());
}

bool EditorController::saveAs(const QString &pathOrUrl)
{
    QString error;
    QString path = toLocalPath(pathOrUrl);
    if (!path.endsWith(QStringLiteral(".yaml")) && !path.endsWith(QStringLiteral(".yml"))) path += QStringLiteral(".yaml");
    const QString before = m_document.filePath();
    if (m_document.save(path, &error)) {
        // The work is on disk now: its recovery copies are no longer needed.
        m_recovery.discard(before);
        m_recovery.discard(path);
        rememberRecent(path);
        return true;
    }
    emit saveFailed(error);
    return false;
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

void EditorController::deleteSelection()
{
    if (m_selection.count() == 0) return;
    document::deleteObjects(m_document, m_selection.list());
    m_selection.clear();
}

void EditorController::copySelection()
{
    m_clipboard = document::extractObjects(m_document.level(), m_selection.list());
    m_pasteCount = 0;
}

void EditorController::paste()
{
    ++m_pasteCount;
    // Each paste lands a little further along so copies do not hide each other.
    const double step = (m_snapEnabled ? m_snapSize : 1.0) * m_pasteCount;
    const auto added = document::pasteObjects(m_document, m_clipboard, {step, -step, 0});
    std::set<document::ObjectId> selected(added.begin(), added.end());
    m_selection.set(std::move(selected));
}

void EditorController::duplicateSelection()
{
    copySelection();
    paste();
}

void EditorController::selectAll()
{
    std::set<document::ObjectId> all;
    const auto &level = m_document.level();
    for (const auto &w : level.waypoints) all.insert({document::ObjectKind::Waypoint, w.id});
    for (const auto &r : level.rails) all.insert({document::ObjectKind::Rail, r.id});
    for (const auto &o : level.obstacles) all.insert({document::ObjectKind::Obstacle, o.id});
    for (const auto &p : level.patrols) all.insert({document::ObjectKind::Patrol, p.id});
    m_selection.set(std::move(all));
}

bool EditorController::setPosition(const QString &key, double x, double y, double z)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return false;
    document::AnyObject edited = document::objectAt(m_document.level(), *at);
    if (auto *w = std::get_if<document::Waypoint>(&edited)) w->position = {x, y, z};
    else if (auto *o = std::get_if<document::Obstacle>(&edited); o && o->shape == document::Obstacle::Shape::Circle)
        o->circle.center = {x, y};
    else return false;
    document::changeObject(m_document, *at, std::move(edited), tr("Move %1").arg(key));
    return true;
}

bool EditorController::rename(const QString &key, const QString &newId)
{
    auto id = Selection::fromKey(key);
    if (!id) return false;
    std::string error;
    if (!document::renameObject(m_document, *id, newId.trimmed().toStdString(), &error)) {
        m_lastEditError = QString::fromStdString(error);
        return false;
    }
    m_selection.set({{id->kind, newId.trimmed().toStdString()}});
    return true;
}

bool EditorController::setRailShape(const QString &key, bool closed, const QString &spline, double alpha)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    auto kind = document::splineKindFromName(spline.toStdString());
    if (!at || at->kind != document::ObjectKind::Rail || !kind || !(alpha >= 0 && alpha <= 1)) return false;
    document::Rail rail = m_document.level().rails[at->index];
    if (closed && rail.points.size() < 3) return false;
    rail.closed = closed;
    rail.spline = *kind;
    rail.alpha = alpha;
    document::changeObject(m_document, *at, std::move(rail), tr("Change rail %1").arg(QString::fromStdString(id->id)));
    return true;
}

bool EditorController::setPatrolMode(const QString &key, const QString &mode)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    auto parsed = document::patrolModeFromName(mode.toStdString());
    if (!at || at->kind != document::ObjectKind::Patrol || !parsed) return false;
    document::Patrol patrol = m_document.level().patrols[at->index];
    patrol.mode = *parsed;
    document::changeObject(m_document, *at, std::move(patrol), tr("Patrol %1: %2").arg(QString::fromStdString(id->id), mode));
    return true;
}

bool EditorController::setEdgeDirection(const QString &key, bool bidirectional)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at || at->kind != document::ObjectKind::Edge) return false;
    document::Edge edge = m_document.level().edges[at->index];
    for (const auto &other : m_document.level().edges) {
        if (bidirectional && other.from == edge.to && other.to == edge.from) {
            m_lastEditError = tr("an edge already runs the other way");
            return false;
        }
    }
    edge.bidirectional = bidirectional;
    document::changeObject(m_document, *at, std::move(edge), tr("Edge %1").arg(QString::fromStdString(id->id)));
    return true;
}

QVariantMap EditorController::objectInfo(const QString &key) const
{
    auto id = Selection::fromKey(key);
    if (!id) return {};
    auto at = document::findObject(m_document.level(), *id);
    if (!at) return {};
    QVariantMap info{{"id", QString::fromStdString(id->id)}, {"kind", QString::fromLatin1(document::kindName(id->kind))}};
    const auto &level = m_document.level();
    switch (id->kind) {
    case document::ObjectKind::Waypoint: {
        const auto &w = level.waypoints[at->index];
        info["x"] = w.position.x;
        info["y"] = w.position.y;
        info["z"] = w.position.z;
        info["properties"] = int(w.properties.size());
        break;
    }
    case document::ObjectKind::Edge: {
        const auto &e = level.edges[at->index];
        info["from"] = QString::fromStdString(e.from);
        info["to"] = QString::fromStdString(e.to);
        info["bidirectional"] = e.bidirectional;
        info["cost"] = e.cost ? QVariant(*e.cost) : QVariant(QString());
        break;
    }
    case document::ObjectKind::Obstacle: {
        const auto &o = level.obstacles[at->index];
        info["shape"] = o.shape == document::Obstacle::Shape::Circle ? "circle" : "polygon";
        info["points"] = int(o.polygon.size());
        info["x"] = o.circle.center.x;
        info["y"] = o.circle.center.y;
        info["radius"] = o.circle.radius;
        break;
    }
    case document::ObjectKind::Rail: {
        const auto &r = level.rails[at->index];
        info["points"] = int(r.points.size());
        info["closed"] = r.closed;
        info["spline"] = QString::fromLatin1(document::splineKindName(r.spline));
        info["alpha"] = r.alpha;
        QVariantList xs, ys, zs;
        for (const auto &p : r.points) {
            xs << p.x;
            ys << p.y;
            zs << p.z;
        }
        info["xs"] = xs;
        info["ys"] = ys;
        info["zs"] = zs;
        break;
    }
    case document::ObjectKind::Patrol: {
        const auto &p = level.patrols[at->index];
        QStringList stops;
        for (const auto &s : p.stops) stops << QString::fromStdString(s);
        info["stops"] = stops;
        info["mode"] = QString::fromLatin1(document::patrolModeName(p.mode));
        info["steps"] = int(p.smoothing.size());
        break;
    }
    }
    return info;
}

} // namespace railforge::app

namespace railforge::app {
namespace {
std::string patrolIdOf(const QString &key)
{
    auto id = Selection::fromKey(key);
    return id && id->kind == document::ObjectKind::Patrol ? id->id : std::string();
}
} // namespace

QVariantList EditorController::pipeline(const QString &patrolKey) const
{
    return pipelineSteps(m_document.level(), m_registry, patrolIdOf(patrolKey));
}

QVariantList EditorController::strategies() const { return strategyList(m_registry); }

bool EditorController::addStep(const QString &patrolKey, const QString &strategy)
{
    return addPipelineStep(m_document, m_registry, patrolIdOf(patrolKey), strategy.toStdString());
}

bool EditorController::removeStep(const QString &patrolKey, int index)
{
    return removePipelineStep(m_document, patrolIdOf(patrolKey), index);
}

bool EditorController::moveStep(const QString &patrolKey, int from, int to)
{
    return movePipelineStep(m_document, patrolIdOf(patrolKey), from, to);
}

bool EditorController::setStepEnabled(const QString &patrolKey, int index, bool enabled)
{
    return setPipelineStepEnabled(m_document, patrolIdOf(patrolKey), index, enabled);
}

bool EditorController::setStepParameter(const QString &patrolKey, int index, const QString &name, const QVariant &value,
                                        int mergeKey)
{
    m_lastEditError.clear();
    return setPipelineParameter(m_document, m_registry, patrolIdOf(patrolKey), index, name.toStdString(), value, mergeKey,
                                &m_lastEditError);
}

const document::PatrolRoute *EditorController::routeOf(const QString &patrolKey) const
{
    const std::string id = patrolIdOf(patrolKey);
    const auto &patrols = m_document.level().patrols;
    const auto &routes = m_preview->routes();
    for (std::size_t i = 0; i < patrols.size() && i < routes.size(); ++i)
        if (patrols[i].id == id) return &routes[i];
    return nullptr;
}

QString EditorController::routeError(const QString &patrolKey) const
{
    const document::PatrolRoute *route = routeOf(patrolKey);
    return route ? QString::fromStdString(route->error) : QString();
}

QVariantList EditorController::routePoints(const QString &patrolKey) const
{
    QVariantList points;
    if (const document::PatrolRoute *route = routeOf(patrolKey))
        for (const core::Vec3 &p : route->smoothed) points.append(QVariant(QVariantList{p.x, p.y, p.z}));
    return points;
}

} // namespace railforge::app

namespace railforge::app {

void EditorController::setAutosaveInterval(int milliseconds)
{
    if (milliseconds <= 0 || milliseconds == m_autosave.interval()) return;
    m_autosave.setInterval(milliseconds);
    emit autosaveIntervalChanged();
}

bool EditorController::autosaveNow()
{
    if (!m_document.isModified()) return true;
    QString error;
    if (!m_recovery.write(m_document.level(), m_document.filePath(), &error)) {
        qWarning("autosave failed: %s", qPrintable(error));
        return false;
    }
    m_recoveryOf = m_document.filePath();
    return true;
}

QVariantList EditorController::recoveryCandidates() const
{
    QVariantList list;
    for (const auto &entry : m_recovery.all())
        list << QVariantMap{{"recovery", entry.recoveryPath}, {"original", entry.originalPath},
                            {"written", entry.written.toString(Qt::ISODate)}};
    return list;
}

bool EditorController::restoreRecovery(const QString &recoveryPath)
{
    const auto loaded = document::loadLevelFile(recoveryPath);
    if (!loaded.level) {
        m_lastProblems.clear();
        for (const auto &d : loaded.diagnostics) m_lastProblems << QString::fromStdString(document::formatDiagnostic(d));
        emit lastProblemsChanged();
        emit openFailed(recoveryPath, m_lastProblems);
        return false;
    }
    QString original;
    for (const auto &entry : m_recovery.all())
        if (entry.recoveryPath == recoveryPath) original = entry.originalPath;
    if (!original.isEmpty() && QFileInfo::exists(original)) {
        if (!openFile(original)) return false;
    } else {
        newLevel();
    }
    m_document.undoStack()->push(new document::ReplaceLevelCommand(&m_document, tr("Restore unsaved work"), *loaded.level));
    return true;
}

void EditorController::discardRecovery()
{
    m_recovery.discard(m_document.filePath());
    if (!m_recoveryOf.isEmpty() || m_document.filePath().isEmpty()) m_recovery.discard(m_recoveryOf);
}

void EditorController::discardRecoveryFile(const QString &recoveryPath) { QFile::remove(recoveryPath); }

bool EditorController::revert()
{
    if (m_document.filePath().isEmpty()) return false;
    const auto loaded = document::loadLevelFile(m_document.filePath());
    if (!loaded.level) {
        m_lastProblems.clear();
        for (const auto &d : loaded.diagnostics) m_lastProblems << QString::fromStdString(document::formatDiagnostic(d));
        emit lastProblemsChanged();
        emit openFailed(m_document.filePath(), m_lastProblems);
        return false;
    }
    // Revert reads the file afresh: the history goes, and the document is clean again.
    m_document.load(m_document.filePath());
    return true;
}

} // namespace railforge::app

#include "document/csv_points.h"
#include "document/engine_export.h"
#include "document/level_obstacles.h"

#include <QSettings>

namespace railforge::app {

QStringList EditorController::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void EditorController::rememberRecent(const QString &path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > 10) files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    emit recentFilesChanged();
}

bool EditorController::exportTo(const QString &pathOrUrl, double spacing)
{
    const QString path = toLocalPath(pathOrUrl);
    const document::LevelObstacleContext context(m_document.level());
    std::string error;
    auto text = document::writeEngineExport(m_document.level(), spacing, m_registry, context, &error);
    QString writeError;
    if (!text) {
        emit saveFailed(tr("Export failed: %1").arg(QString::fromStdString(error)));
        return false;
    }
    if (!document::writeFileAtomically(path, QByteArray::fromStdString(*text), &writeError)) {
        emit saveFailed(writeError);
        return false;
    }
    return true;
}

QString EditorController::importCsv(const QString &pathOrUrl, bool asPatrol, const QString &strategy)
{
    const QString path = toLocalPath(pathOrUrl);
    QFile file(path);
    QStringList problems;
    std::optional<document::CsvPoints> csv;
    if (!file.open(QIODevice::ReadOnly)) {
        problems << path + ": cannot open: " + file.errorString();
    } else {
        const QByteArray bytes = file.read(qint64(document::kMaxCsvBytes) + 1);
        document::Diagnostics diagnostics;
        csv = document::readCsvPoints(std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString(), diagnostics);
        for (const auto &d : diagnostics) problems << QString::fromStdString(document::formatDiagnostic(d));
        if (csv && csv->points.size() < 2) {
            problems << path + ": a path needs at least 2 points";
            csv.reset();
        }
    }
    std::vector<core::Vec3> points = csv ? csv->points : std::vector<core::Vec3>{};
    if (csv && !strategy.isEmpty()) {
        const document::LevelObstacleContext context(m_document.level());
        auto result = m_registry.run(strategy.toStdString(), {}, points, false, context);
        if (!result.ok()) problems << path + ": " + QString::fromStdString(result.error);
        else points = std::move(result.points);
    }
    if (!problems.isEmpty() || points.size() < 2) {
        m_lastProblems = problems;
        emit lastProblemsChanged();
        emit openFailed(path, problems);
        return {};
    }
    auto *stack = m_document.undoStack();
    if (!asPatrol) {
        auto id = document::addRail(m_document, std::move(points), false);
        if (!id) return {};
        m_selection.set({{document::ObjectKind::Rail, *id}});
        return "rail:" + QString::fromStdString(*id);
    }
    // A patrol over a chain of new waypoints, all in one undo step.
    stack->beginMacro(tr("Import patrol from %1").arg(QFileInfo(path).fileName()));
    std::vector<std::string> ids;
    for (const auto &p : points) {
        ids.push_back(document::addWaypoint(m_document, p));
        if (ids.size() >= 2) document::connectWaypoints(m_document, ids[ids.size() - 2], ids.back(), true);
    }
    auto patrol = document::addPatrol(m_document, {ids.front(), ids.back()});
    stack->endMacro();
    if (!patrol) return {};
    m_selection.set({{document::ObjectKind::Patrol, *patrol}});
    return "patrol:" + QString::fromStdString(*patrol);
}

} // namespace railforge::app

#include "document/number_format.h"
#include "document/yaml_node_reader.h"

namespace railforge::app {
namespace {

document::Properties *propertiesOf(document::AnyObject &object)
{
    return std::visit([](auto &o) { return &o.properties; }, object);
}

// The text of a property value, as the inspector shows it.
QString valueText(const document::PropertyValue &value)
{
    struct Visitor {
        QString operator()(const std::string &s) const { return QString::fromStdString(s); }
        QString operator()(std::int64_t i) const { return QString::number(i); }
        QString operator()(double d) const { return QString::fromStdString(document::formatNumber(d)); }
        QString operator()(bool b) const { return b ? "true" : "false"; }
        QString operator()(const document::Color &c) const { return QString::fromStdString(c.hex); }
    };
    return std::visit(Visitor{}, value);
}

// Reads text as a value of `type`, or nothing.
std::optional<document::PropertyValue> parseValue(const QString &type, const QString &text)
{
    const std::string t = text.trimmed().toStdString();
    if (type == "string") return document::PropertyValue(text.toStdString());
    if (type == "int") {
        if (auto i = document::parseYamlInteger(t)) return document::PropertyValue(std::int64_t(*i));
        return std::nullopt;
    }
    if (type == "float") {
        if (auto d = document::parseYamlReal(t); d && std::isfinite(*d)) return document::PropertyValue(*d);
        return std::nullopt;
    }
    if (type == "bool") {
        if (auto b = document::parseYamlBool(t)) return document::PropertyValue(*b);
        return std::nullopt;
    }
    if (type == "color" && document::isColorText(t)) return document::PropertyValue(document::Color{t});
    return std::nullopt;
}

} // namespace

QVariantList EditorController::properties(const QString &key) const
{
    QVariantList list;
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at) return list;
    document::AnyObject object = document::objectAt(m_document.level(), *at);
    for (const auto &p : *propertiesOf(object))
        list << QVariantMap{{"name", QString::fromStdString(p.name)},
                            {"type", QString::fromLatin1(document::propertyTypeName(p.value))},
                            {"value", valueText(p.value)}};
    return list;
}

bool EditorController::setProperty(const QString &key, const QString &name, const QString &type, const QString &value)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at) return false;
    if (name.trimmed().isEmpty()) {
        m_lastEditError = tr("a property needs a name");
        return false;
    }
    auto parsed = parseValue(type, value);
    if (!parsed) {
        m_lastEditError = tr("'%1' is not a valid %2").arg(value, type);
        return false;
    }
    if (type == "string" && document::isColorText(value.toStdString())) {
        m_lastEditError = tr("text of the form #RRGGBB is a colour: choose the color type");
        return false;
    }
    document::AnyObject edited = document::objectAt(m_document.level(), *at);
    document::Properties &props = *propertiesOf(edited);
    const std::string n = name.trimmed().toStdString();
    auto existing = std::find_if(props.begin(), props.end(), [&](const auto &p) { return p.name == n; });
    if (existing != props.end()) existing->value = *parsed;
    else props.push_back({n, *parsed});
    document::changeObject(m_document, *at, std::move(edited), tr("Set property %1").arg(name));
    return true;
}

bool EditorController::removeProperty(const QString &key, const QString &name)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at) return false;
    document::AnyObject edited = document::objectAt(m_document.level(), *at);
    document::Properties &props = *propertiesOf(edited);
    const auto before = props.size();
    std::erase_if(props, [&](const auto &p) { return p.name == name.toStdString(); });
    if (props.size() == before) return false;
    document::changeObject(m_document, *at, std::move(edited), tr("Remove property %1").arg(name));
    return true;
}

} // namespace railforge::app

namespace railforge::app {

bool EditorController::setEdgeCost(const QString &key, const QString &cost)
{
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at || at->kind != document::ObjectKind::Edge) return false;
    document::Edge edge = m_document.level().edges[at->index];
    if (cost.trimmed().isEmpty()) {
        edge.cost.reset();
    } else {
        bool ok = false;
        const double value = cost.trimmed().toDouble(&ok);
        if (!ok || !(value > 0) || !std::isfinite(value)) {
            m_lastEditError = tr("a cost is a number greater than 0 (empty: the edge's length)");
            return false;
        }
        edge.cost = value;
    }
    document::changeObject(m_document, *at, std::move(edge), tr("Edge %1 cost").arg(QString::fromStdString(id->id)));
    return true;
}

bool EditorController::setRailPoint(const QString &key, int index, double x, double y, double z)
{
    auto id = Selection::fromKey(key);
    if (!id || id->kind != document::ObjectKind::Rail || index < 0 || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z))
        return false;
    auto at = document::findObject(m_document.level(), *id);
    if (!at || std::size_t(index) >= m_document.level().rails[at->index].points.size()) return false;
    document::moveRailPoint(m_document, id->id, std::size_t(index), {x, y, z});
    return true;
}

bool EditorController::setLevelInfo(const QString &name, const QString &units)
{
    document::LevelInfo info{name.toStdString(), units.trimmed().toStdString()};
    if (info.units.empty()) {
        m_lastEditError = tr("units cannot be empty");
        return false;
    }
    if (info == m_document.level().info) return true;
    m_document.undoStack()->push(new document::SetLevelInfoCommand(&m_document, std::move(info)));
    return true;
}

} // namespace railforge::app
