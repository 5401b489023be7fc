#include "app/references/reference_list.h"

#include "document/editing/level_editing.h"
#include "document/model/reference_placement.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace railforge::app {

ReferenceList::ReferenceList(document::LevelDocument &document, QObject *parent)
    : QAbstractListModel(parent), m_document(document)
{
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this] {
        if (m_document.level().references != m_shown) reset();
    });
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &ReferenceList::reset);
    reset();
}

void ReferenceList::reset()
{
    const auto &now = m_document.level().references;
    // The same references changed in place (shown, locked, placed): the rows stay, their values change.
    if (now.size() == m_shown.size() && !now.empty() &&
        std::equal(now.begin(), now.end(), m_shown.begin(),
                   [](const document::Reference &a, const document::Reference &b) { return a.id == b.id; })) {
        m_shown = now;
        emit dataChanged(index(0), index(int(m_shown.size()) - 1));
        return;
    }
    const bool countChanges = m_shown.size() != m_document.level().references.size();
    beginResetModel();
    m_shown = m_document.level().references;
    endResetModel();
    if (countChanges) emit countChanged();
}

int ReferenceList::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_shown.size()); }

QString ReferenceList::absolutePath(const document::Reference &reference) const
{
    const QString folder =
        m_document.filePath().isEmpty() ? QDir::currentPath() : QFileInfo(m_document.filePath()).absolutePath();
    return QDir(folder).filePath(QString::fromStdString(reference.file));
}

QVariant ReferenceList::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_shown.size())) return {};
    const document::Reference &r = m_shown[std::size_t(index.row())];
    switch (role) {
    case IdRole: return QString::fromStdString(r.id);
    case KindRole: return QString::fromLatin1(document::referenceKindName(r.kind));
    case FileRole: return QString::fromStdString(r.file);
    case MissingRole: return !QFileInfo(absolutePath(r)).isFile();
    case ShownRole: return r.visible;
    case LockedRole: return r.locked;
    case OpacityRole: return r.opacity;
    case RectRole: return QVariantList{r.rect[0], r.rect[1], r.rect[2], r.rect[3]};
    default: return {};
    }
}

QHash<int, QByteArray> ReferenceList::roleNames() const
{
    return {{IdRole, "referenceId"},           {KindRole, "kind"},   {FileRole, "file"},
            {MissingRole, "missing"},          {ShownRole, "shown"}, {LockedRole, "locked"},
            {OpacityRole, "referenceOpacity"}, {RectRole, "rect"}};
}

bool ReferenceList::edit(int row, const std::function<bool(document::Reference &)> &change, const QString &text)
{
    m_lastError.clear();
    if (row < 0 || row >= int(m_document.level().references.size())) return false;
    std::vector<document::Reference> references = m_document.level().references;
    if (!change(references[std::size_t(row)])) return false;
    document::setReferences(m_document, std::move(references), text);
    return true;
}

bool ReferenceList::setShown(int row, bool shown)
{
    return edit(
        row, [&](document::Reference &r) { return r.visible = shown, true; },
        shown ? tr("Show reference") : tr("Hide reference"));
}

bool ReferenceList::setLocked(int row, bool locked)
{
    return edit(
        row, [&](document::Reference &r) { return r.locked = locked, true; },
        locked ? tr("Lock reference") : tr("Unlock reference"));
}

bool ReferenceList::setOpacity(int row, double opacity)
{
    if (!(opacity >= 0.0 && opacity <= 1.0)) {
        m_lastError = tr("opacity is 0 to 1");
        return false;
    }
    return edit(
        row, [&](document::Reference &r) { return r.opacity = opacity, true; }, tr("Reference opacity"));
}

bool ReferenceList::addImage(const QString &path)
{
    m_lastError.clear();
    const QString file = path.startsWith(QLatin1String("file:")) ? QUrl(path).toLocalFile() : path;
    QImageReader reader(file);
    const QSize size = reader.size();
    if (!reader.canRead() || size.isEmpty()) {
        m_lastError = tr("%1 is not a PNG or JPEG image this editor can read").arg(QFileInfo(file).fileName());
        return false;
    }
    const QString folder =
        m_document.filePath().isEmpty() ? QDir::currentPath() : QFileInfo(m_document.filePath()).absolutePath();
    document::Reference r;
    r.kind = document::ReferenceKind::Image;
    r.file = QDir(folder).relativeFilePath(file).toStdString(); // written with '/' on every system
    std::string id = QFileInfo(file).completeBaseName().toStdString();
    if (id.empty()) id = "image";
    std::string unique = id;
    for (int n = 2; std::any_of(m_document.level().references.begin(), m_document.level().references.end(),
                                [&](const document::Reference &x) { return x.id == unique; });
         ++n)
        unique = id + std::to_string(n);
    r.id = unique;
    r.rect = {0, 0, size.width() / 10.0, size.height() / 10.0};
    r.opacity = 0.7;
    std::vector<document::Reference> references = m_document.level().references;
    references.push_back(std::move(r));
    document::setReferences(m_document, std::move(references), tr("Add reference image"));
    return true;
}

bool ReferenceList::remove(int row)
{
    m_lastError.clear();
    if (row < 0 || row >= int(m_document.level().references.size())) return false;
    std::vector<document::Reference> references = m_document.level().references;
    references.erase(references.begin() + row);
    document::setReferences(m_document, std::move(references), tr("Remove reference"));
    return true;
}

QSize ReferenceList::imageSize(int row) const
{
    if (row < 0 || row >= int(m_shown.size())) return {};
    return QImageReader(absolutePath(m_shown[std::size_t(row)])).size();
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
        row, [&](document::Reference &r) { return r.rect = *rect, true; }, tr("Calibrate reference image"));
}

} // namespace railforge::app
