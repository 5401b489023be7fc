// The options every command that reads reference files takes: the project rule and the limits of
// document/files/project_files.h, lifted or changed only when asked.
#pragma once

#include "document/files/project_files.h"

#include <QCommandLineParser>

#include <optional>

namespace railforge::cli {

// --max-reference-size MIB, --read-timeout SECONDS, --max-image-side PIXELS, --max-image-memory MIB,
// --max-triangles N, --max-mesh-nodes N, --max-navmesh-cells N (every command takes
// --allow-outside-project: main.cpp's parseArguments).
void addReferenceRuleOptions(QCommandLineParser &parser);

// The rules the options ask for (the defaults where none is given); nothing and `error` when a value is
// not a positive number.
std::optional<document::FileRules> referenceRules(const QCommandLineParser &parser, QString *error);

} // namespace railforge::cli
