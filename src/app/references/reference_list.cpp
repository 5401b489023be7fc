#include "app/references/reference_list.h"

#include "app/selection/selection.h"
#include "document/editing/level_editing.h"
#include "document/ground/reference_files.h"
#include "document/model/property.h"
#include "document/model/reference_placement.h"
#include "document/model/tool_numbers.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace railforge::app {

ReferenceList::ReferenceList(document::LevelDocument &document, Selection &selection, const GroundModel &ground,
                             QObject *parent)
    : QAbstractListModel(parent), m_document(document), m_selection(selection), m_ground(ground)
{
    // What the last read found wrong with each file shows on its row.
    connect(&m_ground, &GroundModel::groundChanged, this, [this] {
        if (!m_shown.empty()) emit dataChanged(index(0), index(int(m_shown.size()) - 1), {MissingRole, ProblemRole});
    });
    connect(&m_selection, &Selection::changed, this, &ReferenceList::followSelection);
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        if (!change.touchesKind(document::ObjectKind::Reference)) return;
        if (change.listChanged(document::ObjectKind::Reference)) return reset();
        // References changed in place (shown, locked, placed): their rows stay, their values change.
        for (const auto &c : change.objects) {
            if (c.at.kind != document::ObjectKind::Reference) continue;
            m_shown[c.at.index] = m_document.level().references[c.at.index];
            emit dataChanged(index(int(c.at.index)), index(int(c.at.index)));
            if (int(c.at.index) == m_current) emit currentChanged(); // its values changed
        }
    });
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &ReferenceList::reset);
    reset();
}

void ReferenceList::setCurrent(int row)
{
    // A reference is an object of the level: being current is being the one selected object.
    if (row < 0 || row >= int(m_shown.size()))
        m_selection.clear();
    else
        m_selection.set({{document::ObjectKind::Reference, m_shown[std::size_t(row)].id}});
}

void ReferenceList::followSelection()
{
    int row = -1;
    if (m_selection.count() == 1 && m_selection.objects().begin()->kind == document::ObjectKind::Reference) {
        const std::string &id = m_selection.objects().begin()->id;
        const auto found =
            std::find_if(m_shown.begin(), m_shown.end(), [&](const document::Reference &r) { return r.id == id; });
        if (found != m_shown.end()) row = int(found - m_shown.begin());
    }
    if (row == m_current) return;
    m_current = row;
    emit currentChanged();
}

QVariantMap ReferenceList::currentValues() const
{
    if (m_current < 0 || m_current >= int(m_shown.size())) return {};
    const document::Reference &r = m_shown[std::size_t(m_current)];
    return {{"id", QString::fromStdString(r.id)},
            {"kind", QString::fromLatin1(document::referenceKindName(r.kind))},
            {"file", QString::fromStdString(r.file)},
            {"rect", QVariantList{r.rect[0], r.rect[1], r.rect[2], r.rect[3]}},
            {"zRange", QVariantList{r.zRange[0], r.zRange[1]}},
            {"up", r.up == document::MeshUp::Y ? QStringLiteral("y") : QStringLiteral("z")},
            {"scale", r.scale},
            {"rotate", r.rotate},
            {"translate", QVariantList{r.translate.x, r.translate.y, r.translate.z}},
            {"ground", r.ground},
            {"color", QString::fromStdString(r.color)},
            {"locked", r.locked}};
}

bool ReferenceList::setRect(int row, double x0, double y0, double x1, double y1)
{
    if (!(x0 < x1) || !(y0 < y1) || !std::isfinite(x0 - x1) || !std::isfinite(y0 - y1)) {
        m_lastError = tr("the rectangle needs x0 < x1 and y0 < y1");
        return false;
    }
    return edit(
        row,
        [&](document::Reference &r) {
            return !r.locked && (r.rect = {x0, y0, x1, y1}, true);
        },
        tr("Place reference"));
}

bool ReferenceList::setZRange(int row, double zMin, double zMax)
{
    if (!(zMin <= zMax) || !std::isfinite(zMax - zMin)) {
        m_lastError = tr("the heights of black and white need zmin <= zmax");
        return false;
    }
    return edit(
        row,
        [&](document::Reference &r) {
            return !r.locked && (r.zRange = {zMin, zMax}, true);
        },
        tr("Reference heights"));
}

bool ReferenceList::setTransform(int row, double scale, double rotate, double x, double y, double z)
{
    if (!(scale > 0.0) || !std::isfinite(scale) || !std::isfinite(rotate) || !std::isfinite(x) || !std::isfinite(y) ||
        !std::isfinite(z)) {
        m_lastError = tr("the scale must be above 0, every number finite");
        return false;
    }
    return edit(
        row,
        [&](document::Reference &r) {
            if (r.locked) return false;
            r.scale = scale, r.rotate = rotate, r.translate = {x, y, z};
            return true;
        },
        tr("Place reference"));
}

bool ReferenceList::setUp(int row, const QString &up)
{
    if (up != QLatin1String("y") && up != QLatin1String("z")) return false;
    return edit(
        row,
        [&](document::Reference &r) {
            return !r.locked && (r.up = up == QLatin1String("y") ? document::MeshUp::Y : document::MeshUp::Z, true);
        },
        tr("Reference axes"));
}

bool ReferenceList::setGround(int row, bool ground)
{
    return edit(
        row, [&](document::Reference &r) { return r.ground = ground, true; },
        ground ? tr("Reference is ground") : tr("Reference is not ground"));
}

bool ReferenceList::setColor(int row, const QString &color)
{
    const std::string text = color.trimmed().toStdString();
    if (!text.empty() && (text.size() != 7 || !document::isColorText(text))) {
        m_lastError = tr("a colour is #RRGGBB (six hex digits), or nothing for the default");
        return false;
    }
    const auto &references = m_document.level().references;
    if (row >= 0 && row < int(references.size()) && references[std::size_t(row)].color == text) return true;
    return edit(
        row, [&](document::Reference &r) { return r.color = text, true; }, tr("Reference colour"));
}

void ReferenceList::reset()
{
    const bool countChanges = m_shown.size() != m_document.level().references.size();
    beginResetModel();
    m_shown = m_document.level().references;
    endResetModel();
    if (countChanges) emit countChanged();
    // The selected reference may be at another row now, or gone.
    m_current = -1;
    followSelection();
    emit currentChanged();
}

int ReferenceList::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_shown.size()); }

QVariant ReferenceList::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_shown.size())) return {};
    const document::Reference &r = m_shown[std::size_t(index.row())];
    switch (role) {
    case IdRole: return QString::fromStdString(r.id);
    case KindRole: return QString::fromLatin1(document::referenceKindName(r.kind));
    case FileRole: return QString::fromStdString(r.file);
    case MissingRole: return !m_ground.problemOf(r.id).isEmpty();
    case ProblemRole: return m_ground.problemOf(r.id);
    case ShownRole: return r.visible;
    case LockedRole: return r.locked;
    case OpacityRole: return r.opacity;
    case RectRole: return QVariantList{r.rect[0], r.rect[1], r.rect[2], r.rect[3]};
    default: return {};
    }
}

QHash<int, QByteArray> ReferenceList::roleNames() const
{
    return {{IdRole, "referenceId"},  {KindRole, "kind"},   {FileRole, "file"},     {MissingRole, "missing"},
            {ProblemRole, "problem"}, {ShownRole, "shown"}, {LockedRole, "locked"}, {OpacityRole, "referenceOpacity"},
            {RectRole, "rect"}};
}

bool ReferenceList::edit(int row, const std::function<bool(document::Reference &)> &change, const QString &text)
{
    m_lastError.clear();
    if (row < 0 || row >= int(m_document.level().references.size())) return false;
    document::Reference edited = m_document.level().references[std::size_t(row)];
    if (!change(edited)) {
        if (m_lastError.isEmpty()) m_lastError = tr("the reference is locked: unlock it to place it");
        return false;
    }
    const std::string why =
        document::changeObject(m_document, {document::ObjectKind::Reference, std::size_t(row)}, edited, text);
    m_lastError = QString::fromStdString(why);
    return why.empty();
}

bool ReferenceList::editWithSelected(int row, const std::function<void(document::Reference &)> &change,
                                     const QString &one, const QString &several)
{
    m_lastError.clear();
    const std::vector<document::Reference> &references = m_document.level().references;
    if (row < 0 || row >= int(references.size())) return false;
    // A row of a selection of references speaks for the whole selection, as a layer toggle does
    // for its kind.
    const document::ObjectId clicked{document::ObjectKind::Reference, references[std::size_t(row)].id};
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    for (std::size_t i = 0; i < references.size(); ++i) {
        const document::ObjectId id{document::ObjectKind::Reference, references[i].id};
        if (int(i) != row && !(m_selection.contains(clicked) && m_selection.contains(id))) continue;
        document::Reference r = references[i];
        change(r);
        edited.push_back({{document::ObjectKind::Reference, i}, std::move(r)});
    }
    const int changed = int(edited.size());
    const std::string why =
        document::changeObjects(m_document, std::move(edited), changed > 1 ? several.arg(changed) : one);
    m_lastError = QString::fromStdString(why);
    return why.empty();
}

bool ReferenceList::setShown(int row, bool shown)
{
    return editWithSelected(
        row, [&](document::Reference &r) { r.visible = shown; }, shown ? tr("Show reference") : tr("Hide reference"),
        shown ? tr("Show %1 references") : tr("Hide %1 references"));
}

bool ReferenceList::setLocked(int row, bool locked)
{
    return editWithSelected(
        row, [&](document::Reference &r) { r.locked = locked; }, locked ? tr("Lock reference") : tr("Unlock reference"),
        locked ? tr("Lock %1 references") : tr("Unlock %1 references"));
}

bool ReferenceList::setOpacity(int row, double opacity)
{
    if (!(opacity >= 0.0 && opacity <= 1.0)) {
        m_lastError = tr("opacity is 0 to 1");
        return false;
    }
    return edit(
        row, [&](document::Reference &r) { return r.opacity = document::toolFraction(opacity), true; },
        tr("Reference opacity"));
}

bool ReferenceList::addImage(const QString &path) { return add(path, QStringLiteral("image")); }

bool ReferenceList::add(const QString &path, const QString &kind)
{
    m_lastError.clear();
    const QString file = path.startsWith(QLatin1String("file:")) ? QUrl(path).toLocalFile() : path;
    const QString folder = m_document.folderPath();
    document::Reference r;
    if (kind == QLatin1String("mesh"))
        r.kind = document::ReferenceKind::Mesh;
    else if (kind == QLatin1String("heightmap"))
        r.kind = document::ReferenceKind::Heightmap;
    else
        r.kind = document::ReferenceKind::Image;
    r.file = QDir(folder).relativeFilePath(QFileInfo(file).absoluteFilePath()).toStdString(); // '/' everywhere
    // The project's rules first, before anything is read: a FIFO or a device must never be opened
    // for reading on the UI thread, and a file outside the project is not taken in.
    const document::ProjectFiles files = m_ground.access().files();
    if (const auto problem = document::checkReferenceFile(r, files)) {
        // The rule's own words ("… is outside the project (/p)"), and what the designer can do.
        m_lastError = tr("%1: %2").arg(QFileInfo(file).fileName(), QString::fromStdString(problem->message));
        if (problem->refused)
            m_lastError += tr(" (copy it into the project, or allow references outside it in the Level menu)");
        return false;
    }
    if (r.kind != document::ReferenceKind::Mesh) {
        document::ReferenceProblem problem;
        const QSize size = document::referenceImageSize(r, files, nullptr, &problem);
        if (size.isEmpty()) {
            m_lastError = tr("%1 is not a PNG or JPEG image this editor can read").arg(QFileInfo(file).fileName());
            return false;
        }
        if (r.kind == document::ReferenceKind::Image) {
            // One level unit per 10 pixels at the origin, until it is calibrated.
            r.rect = {0, 0, size.width() / 10.0, size.height() / 10.0};
            r.opacity = 0.7;
        } else {
            // One level unit per pixel, black at 0 and white 10 units up: numbers to adjust in the
            // inspector, but a ground that answers at once.
            r.rect = {0, 0, double(size.width() - 1), double(size.height() - 1)};
            r.zRange = {0, 10};
        }
    } else {
        // glTF's axes (and most OBJ and FBX exporters'): y up.
        r.up = document::MeshUp::Y;
    }
    r.id = QFileInfo(file).completeBaseName().toStdString();
    if (r.id.empty()) r.id = kind.toStdString();
    const QString what = kind == QLatin1String("mesh")        ? tr("Add reference mesh")
                         : kind == QLatin1String("heightmap") ? tr("Add reference heightmap")
                                                              : tr("Add reference image");
    document::addReference(m_document, std::move(r), what);
    return true;
}

bool ReferenceList::remove(int row)
{
    m_lastError.clear();
    if (row < 0 || row >= int(m_document.level().references.size())) return false;
    document::removeReference(m_document, m_document.level().references[std::size_t(row)].id, tr("Remove reference"));
    return true;
}

QSize ReferenceList::imageSize(int row) const
{
    if (row < 0 || row >= int(m_shown.size())) return {};
    document::ReferenceProblem problem; // the outliner says it
    return document::referenceImageSize(m_shown[std::size_t(row)], m_ground.access().files(), nullptr, &problem);
}

QPointF ReferenceList::imagePointAt(int row, QPointF world) const
{
    const QSize size = imageSize(row);
    if (size.isEmpty()) return {};
    const auto p =
        document::imagePointAt(m_shown[std::size_t(row)].rect, size.width(), size.height(), {world.x(), world.y()});
    return {p.x, p.y};
}

bool ReferenceList::calibrate(int row, QPointF a, QPointF worldA, QPointF b, QPointF worldB)
{
    m_lastError.clear();
    const QSize size = imageSize(row);
    if (size.isEmpty()) {
        m_lastError = tr("the image cannot be read");
        return false;
    }
    if (m_shown[std::size_t(row)].locked) {
        m_lastError = tr("the reference is locked: unlock it to place it");
        return false;
    }
    std::string error;
    const auto rect = document::rectFromTwoPoints(size.width(), size.height(), {a.x(), a.y()}, {worldA.x(), worldA.y()},
                                                  {b.x(), b.y()}, {worldB.x(), worldB.y()}, &error);
    if (!rect) {
        m_lastError = QString::fromStdString(error);
        return false;
    }
    return edit(
        row,
        [&](document::Reference &r) {
            // Computed numbers, rounded as every tool's (tool_numbers.h): the file says 12.5, not 12.499999999999998.
            r.rect = *rect;
            for (double &v : r.rect) v = document::toolPosition(v);
            return true;
        },
        tr("Calibrate reference image"));
}

} // namespace railforge::app
