#include "app/problems/problem_list.h"

#include "app/problems/problem_subjects.h"
#include "document/checks/level_rules.h"

#include <algorithm>

namespace railforge::app {

ProblemList::ProblemList(document::LevelDocument &document, GroundModel &ground,
                         const document::StrategyRegistry &registry, PatrolPreview &preview, QObject *parent)
    : QAbstractListModel(parent), m_document(document), m_ground(ground), m_registry(registry), m_preview(preview)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { refresh(true); });
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        // No rule is about how an object is drawn: a colour changes no problem.
        if (!change.onlyParts(document::kLookPart)) schedule();
    });
    connect(&m_preview, &PatrolPreview::routesChanged, this, [this] {
        m_cache.routesChanged();
        schedule();
    });
    connect(&m_ground, &GroundModel::groundChanged, this, [this] {
        m_cache.groundChanged();
        schedule();
    });
    refresh(true);
}

void ProblemList::schedule()
{
    // Rebuilt once the level has been still for kRefreshMs: a drag's frames never wait for the checks
    // (about 30 ms on the big level), and its problems show as soon as the pointer is released.
    m_timer.start();
}

void ProblemList::refreshNow()
{
    m_timer.stop();
    refresh(false);
}

void ProblemList::waitForRoutes() { m_preview.waitForFinished(); }

void ProblemList::setNavigation(std::shared_ptr<const document::LevelNavigation> navigation)
{
    m_navigation = std::move(navigation);
    schedule();
}

void ProblemList::refresh(bool withinBudget)
{
    const document::Level &level = m_document.level();
    document::LevelProblems problems = document::levelRuleProblems(level);
    const std::vector<document::UnreadReference> unread = m_ground.unread();
    const auto ground = m_ground.ground();
    // The checks of what the last edit did not touch are kept; a first check over a big terrain is
    // spread over several refreshes (the window stays responsive meanwhile).
    std::optional<std::chrono::steady_clock::time_point> until;
    if (withinBudget) until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kCheckBudgetMs);
    auto routeOf = [this](const document::Patrol &patrol) { return m_preview.route(patrol.id); };
    const document::ReportSources sources{
        m_registry, document::MissingStrategies::AreErrors, unread, *ground, routeOf, m_navigation.get()};
    for (auto &p : m_cache.report(level, sources, until)) problems.push_back(std::move(p));
    if (!m_cache.complete()) schedule();
    std::vector<Row> rows;
    rows.reserve(problems.size() + m_document.fileNotes().size());
    for (const document::LevelProblem &p : problems) {
        Row row;
        row.error = p.severity == document::Severity::Error;
        row.message = QString::fromStdString(document::readableMessage(p.message));
        row.subject = QString::fromStdString(subjectName(level, p.subject));
        row.target = QString::fromStdString(selectionKeyOf(level, p.subject));
        if (p.subject.part == document::ProblemSubject::Part::RailPoint) row.point = int(p.subject.item);
        row.spot = spotOf(level, p);
        rows.push_back(std::move(row));
    }
    for (const document::Diagnostic &d : m_document.fileNotes()) {
        Row row;
        row.message = QString::fromStdString(document::readableMessage(d.message));
        row.subject = tr("the file");
        if (d.line > 0) row.place = tr("line %1, column %2").arg(d.line).arg(d.column);
        rows.push_back(std::move(row));
    }
    std::stable_partition(rows.begin(), rows.end(), [](const Row &r) { return r.error; });
    beginResetModel();
    m_rows = std::move(rows);
    m_errors = int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.error; }));
    endResetModel();
    emit problemsChanged();
}

int ProblemList::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : count(); }

QVariant ProblemList::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= count()) return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case SeverityRole: return row.error ? QStringLiteral("error") : QStringLiteral("warning");
    case MessageRole: return row.message;
    case SubjectRole: return row.subject;
    case TargetRole: return row.target;
    case PointRole: return row.point;
    case PlaceRole: return row.place;
    case SpotRole: return row.spot ? QVariant(QPointF(row.spot->x, row.spot->y)) : QVariant();
    default: return {};
    }
}

QHash<int, QByteArray> ProblemList::roleNames() const
{
    return {{SeverityRole, "severity"}, {MessageRole, "message"}, {SubjectRole, "subject"}, {TargetRole, "target"},
            {PointRole, "point"},       {PlaceRole, "place"},     {SpotRole, "spot"}};
}

QVariantMap ProblemList::at(int row) const
{
    QVariantMap out;
    if (row < 0 || row >= count()) return out;
    const auto names = roleNames();
    for (auto it = names.begin(); it != names.end(); ++it)
        out.insert(QString::fromUtf8(it.value()), data(this->index(row), it.key()));
    return out;
}

QStringList ProblemList::texts() const
{
    QStringList out;
    for (const Row &row : m_rows)
        out << (row.error ? QStringLiteral("error: ") : QStringLiteral("warning: ")) + row.message;
    return out;
}

QVariantList ProblemList::marks() const
{
    QVariantList out;
    for (const Row &row : m_rows)
        if (row.spot) out.append(QVariantMap{{"x", row.spot->x}, {"y", row.spot->y}, {"error", row.error}});
    return out;
}

} // namespace railforge::app
