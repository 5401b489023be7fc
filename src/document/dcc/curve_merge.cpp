#include "document/dcc/curve_merge.h"

#include "document/editing/junction_keeping.h"
#include "document/merge/conflicted_level.h"
#include "document/model/rail_geometry.h"
#include "document/text/line_endings.h"
#include "document/text/text_encoding.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"

#include <regex>

namespace railforge::document {
namespace {

// A merge conflict's words with the sides named for the artist: OURS is the level on disk, THEIRS
// Blender.
std::string withSidesNamed(std::string text)
{
    text = std::regex_replace(text, std::regex("\\bours\\b"), "the level");
    return std::regex_replace(text, std::regex("\\btheirs\\b"), "Blender");
}

// One merge of three loaded texts, as `railforge-cli merge` does it.
struct Merged {
    LevelMerge merge;
    MergedText text;
};

Merged mergeTexts(std::string_view base, const LoadResult &b, std::string_view ours, const LoadResult &o,
                  std::string_view theirs, const LoadResult &t)
{
    Merged m;
    m.merge = mergeLevels(*b.level, *o.level, *t.level);
    m.text = writeMergedLevel(
        {{base, &*b.level, b.tree.get()}, {ours, &*o.level, o.tree.get()}, {theirs, &*t.level, t.tree.get()}}, m.merge);
    return m;
}

// `level` written over `text` (of `before`) and read back; its problems, when it does not load, go
// to `diagnostics` under `what`.
std::optional<std::pair<std::string, LoadResult>> written(std::string_view text, const Level &before, Level level,
                                                          const std::string &what, Diagnostics &diagnostics)
{
    keepLevelWhole(before, level);
    std::string out = rewriteLevel(text, level, &before).text;
    LoadResult read = readLevel(out, what, KeepTree::Yes);
    if (!read.level) {
        for (Diagnostic &d : read.diagnostics)
            if (d.severity == Severity::Error) diagnostics.push_back(d);
        return std::nullopt;
    }
    return std::pair{std::move(out), std::move(read)};
}

} // namespace

CurvesMerged mergeCurves(std::string_view baseText, std::string_view oursText, const std::string &oursName,
                         const CurvesFile &curves, bool markers)
{
    CurvesMerged result;
    const std::string baseName = oursName + " (as imported into Blender)";
    const LoadResult base = readLevel(baseText, baseName, KeepTree::Yes);
    const LoadResult ours = readLevel(oursText, oursName, KeepTree::Yes);
    for (const LoadResult *side : {&base, &ours})
        for (const Diagnostic &d : side->diagnostics)
            if (d.severity == Severity::Error) result.diagnostics.push_back(d);
    if (!base.level || !ours.level) return result;

    result.blender = applyCurves(*base.level, curves, {.deleteMissing = true});
    for (const Rail &r : ours.level->rails) {
        const int was = findRail(*base.level, r.id);
        if (was < 0 || !(base.level->rails[std::size_t(was)] == r)) result.changedOnDisk.push_back(r.id);
    }
    const std::string blenderName = oursName + " (Blender's curves)";
    // Renames first, as a merge of their own: the merge follows a rename only of an object otherwise
    // unchanged, and Blender's renamed rails may also have been reshaped.
    Merged merged;
    if (!result.blender.renamed.empty()) {
        auto renamed = written(baseText, *base.level, result.blender.renamedOnly, blenderName, result.diagnostics);
        if (!renamed) return result;
        Merged first = mergeTexts(baseText, base, oursText, ours, renamed->first, renamed->second);
        LoadResult firstRead = readLevel(first.text.text, oursName, KeepTree::Yes);
        if (!first.merge.clean() || !firstRead.level) {
            merged = std::move(first);
        } else {
            auto theirs =
                written(renamed->first, *renamed->second.level, result.blender.level, blenderName, result.diagnostics);
            if (!theirs) return result;
            merged =
                mergeTexts(renamed->first, renamed->second, first.text.text, firstRead, theirs->first, theirs->second);
        }
    } else {
        auto theirs = written(baseText, *base.level, result.blender.level, blenderName, result.diagnostics);
        if (!theirs) return result;
        merged = mergeTexts(baseText, base, oursText, ours, theirs->first, theirs->second);
    }
    for (const MergeConflict &c : merged.merge.conflicts) result.conflicts.push_back(withSidesNamed(c.summary()));
    for (const std::string &c : merged.text.commentConflicts) result.conflicts.push_back(withSidesNamed(c));
    if (!result.conflicts.empty()) {
        if (markers) result.text = withLineEndingsOf(oursText, std::move(merged.text.text));
        return result;
    }
    const LoadResult check =
        merged.text.readBack ? std::move(*merged.text.readBack) : readLevel(merged.text.text, oursName);
    if (!check.level) {
        for (const Diagnostic &d : check.diagnostics)
            if (d.severity == Severity::Error) result.diagnostics.push_back(d);
        return result;
    }
    // OURS' line endings; and when nothing changed, OURS' very bytes (a byte-order mark too, which a
    // level written by RailForge never has).
    result.text = withLineEndingsOf(oursText, std::move(merged.text.text));
    if (*result.text == withoutUtf8Bom(oursText)) result.text = std::string(oursText);
    return result;
}

} // namespace railforge::document
