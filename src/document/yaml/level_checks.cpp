#include "document/yaml/level_checks.h"

#include "document/checks/level_rules.h"
#include "document/checks/problem_places.h"

namespace railforge::document {
namespace {

void report(const LevelProblems &problems, const LevelMarks &marks, NodeReader &reader)
{
    for (const LevelProblem &p : problems) {
        const YAML::Mark mark = markOf(p.subject, marks);
        if (p.severity == Severity::Error)
            reader.error(mark, p.message);
        else
            reader.warning(mark, p.message);
    }
}

} // namespace

void checkLevel(const Level &level, const LevelMarks &marks, NodeReader &reader)
{
    RuleOptions options;
    options.railPoints = false;
    options.obstacleShapeRead = &marks.obstacleShapeRead;
    report(levelRuleProblems(level, options), marks, reader);
}

void checkRailSegments(const Rail &rail, std::size_t index, const LevelMarks &marks, NodeReader &reader)
{
    report(railPointProblems(rail, index), marks, reader);
}

} // namespace railforge::document
