#include "cli/command_plugins.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/strategy/strategy_registry.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace railforge::cli {

int runPlugins(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("List the smoothing strategies that load, with their parameters.");
    parser.addHelpOption();
    parser.addOption({"json", "Print a JSON list of {id, name, description, version, parameters}."});
    const Command &self = command("plugins");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (!parser.positionalArguments().isEmpty()) return usageError("plugins takes no file arguments", self);

    document::StrategyRegistry registry;
    registry.loadDefaultLocations();
    for (const QString &problem : registry.problems()) printErr("warning: " + problem);
    const auto strategies = registry.strategies();
    if (parser.isSet("json")) {
        QJsonArray list;
        for (const auto *info : strategies) list.append(document::strategyToJson(*info));
        printOut(QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Indented)).trimmed());
        return ExitOk;
    }
    if (strategies.empty())
        printOut("no strategies found (searched: " + document::StrategyRegistry::defaultLocations().join(", ") + ")");
    for (const auto *info : strategies) {
        printOut(QString::fromStdString(info->id + "  " + info->name + "  (version " + info->version + ")"));
        if (!info->description.empty()) printOut(QString::fromStdString("    " + info->description));
        for (const auto &p : info->parameters) {
            QString line = QString::fromStdString("    --param " + p.name + "=") + document::parameterTypeName(p.type);
            if (!p.choices.empty()) {
                QStringList choices;
                for (const auto &c : p.choices) choices << QString::fromStdString(c);
                line += " (" + choices.join("|") + ")";
            }
            if (p.min || p.max)
                line += QStringLiteral(" in [%1, %2]")
                            .arg(p.min ? QString::number(*p.min) : "-inf", p.max ? QString::number(*p.max) : "inf");
            printOut(line + "  " + QString::fromStdString(p.label));
        }
    }
    return ExitOk;
}

} // namespace railforge::cli
