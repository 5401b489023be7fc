#include "app/ground/ground_model.h"

#include "document/ground/level_ground.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace railforge::app {

GroundModel::GroundModel(document::LevelDocument &document, ReferenceAccess &access, QObject *parent)
    : QObject(parent), m_document(document), m_access(access)
{
    // The ground is read again when a reference changed (the change says so), when the level's
    // folder moved (its files are found from there) or when the rules for reading files changed.
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        if (change.touchesKind(document::ObjectKind::Reference)) reload();
    });
    connect(&m_document, &document::LevelDocument::filePathChanged, this, [this] {
        if (m_document.folderPath() != m_folder) reload();
    });
    connect(&m_access, &ReferenceAccess::rulesChanged, this, &GroundModel::reload);
    reload();
}

GroundModel::~GroundModel()
{
    if (m_cancel) m_cancel->store(true); // then m_job waits for the read to notice
}

QStringList GroundModel::warnings() const
{
    QStringList out;
    for (const auto &[id, problem] : m_problems)
        out << QString::fromStdString(document::UnreadReference{id, problem}.message());
    return out;
}

std::vector<document::UnreadReference> GroundModel::unread() const
{
    std::vector<document::UnreadReference> out;
    for (const auto &[id, problem] : m_problems) out.push_back({id, problem});
    return out;
}

QString GroundModel::problemOf(const std::string &id) const
{
    const auto it = m_problems.find(id);
    return it == m_problems.end() ? QString() : QString::fromStdString(it->second.message);
}

bool GroundModel::refused(const std::string &id) const
{
    const auto it = m_problems.find(id);
    return it != m_problems.end() && it->second.refused;
}

void GroundModel::reload()
{
    m_folder = m_document.folderPath();
    m_job.request();
}

void GroundModel::setProgress(const QString &text)
{
    if (text == m_progress) return;
    m_progress = text;
    emit progressChanged();
}

QFuture<GroundModel::Loaded> GroundModel::readReferences()
{
    m_cancel = std::make_shared<std::atomic_bool>(false);
    document::Level level;
    level.references = m_document.level().references;
    if (!level.references.empty()) setProgress(tr("Reading %n reference(s)…", nullptr, int(level.references.size())));
    QPointer<GroundModel> self(this);
    return QtConcurrent::run([level = std::move(level), files = m_access.files(), cancel = m_cancel, self] {
        const document::ReadBudget budget(files.rules().timeLimit, cancel);
        Loaded out;
        // One reference at a time, so the status bar can say which one is being read.
        core::GroundSet read;
        auto sources = std::make_shared<document::GroundSources>();
        for (std::size_t i = 0; i < level.references.size(); ++i) {
            const document::Reference &r = level.references[i];
            const QString text = tr("Reading reference '%1' (%2 of %3)…")
                                     .arg(QString::fromStdString(r.id))
                                     .arg(i + 1)
                                     .arg(level.references.size());
            QMetaObject::invokeMethod(
                self,
                [self, text] {
                    if (self && self->m_job.running()) self->setProgress(text);
                },
                Qt::QueuedConnection);
            document::Level one;
            one.references = {r};
            if (r.kind != document::ReferenceKind::Image && r.ground) {
                document::LevelGround oneGround = document::loadLevelGround(one, files, budget, std::nullopt, true);
                for (const auto &source : oneGround.ground.sources()) read.add(source);
                for (auto &mesh : oneGround.raw.meshes) sources->meshes.push_back(std::move(mesh));
                for (auto &grid : oneGround.raw.grids) sources->grids.push_back(std::move(grid));
                for (auto &u : oneGround.unread) out.problems[u.reference] = std::move(u.problem);
            } else {
                for (auto &u : document::checkOtherReferences(one, files, budget))
                    out.problems[u.reference] = std::move(u.problem);
            }
        }
        out.ground = std::make_shared<core::GroundSet>(std::move(read));
        out.sources = std::move(sources);
        return out;
    });
}

bool GroundModel::readsAsHeights(const std::string &file) const
{
    if (!busy()) return false;
    const auto &references = m_document.level().references;
    return std::any_of(references.begin(), references.end(), [&](const document::Reference &r) {
        return r.kind == document::ReferenceKind::Heightmap && r.ground && r.file == file;
    });
}

void GroundModel::cancel()
{
    if (m_cancel) m_cancel->store(true);
}

QVariant GroundModel::heightAt(double x, double y) const
{
    const auto h = m_ground->highest(x, y);
    return h ? QVariant(*h) : QVariant();
}

QVariantList GroundModel::surfacesAt(double x, double y) const
{
    QVariantList out;
    for (double h : m_ground->surfacesAt(x, y)) out << h;
    return out;
}

void GroundModel::waitForGround() { m_job.wait(); }

} // namespace railforge::app
