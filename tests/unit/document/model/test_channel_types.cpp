// The channel type table (core/channel_types.h) is the one description every part reads: each type
// has one row, its name reads back to it, both schemas accept exactly the table's names, and a
// value of every type survives the editor's text, the level file and the rules.
#include "core/channel_types.h"
#include "document/editing/rail_channel_editing.h"
#include "document/model/rail_channel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace railforge;

namespace {

const std::vector<core::ChannelType> kEveryType = {core::ChannelType::Float,  core::ChannelType::Int,
                                                   core::ChannelType::Bool,   core::ChannelType::String,
                                                   core::ChannelType::Colour, core::ChannelType::Event};

// The channel type names a schema's channel definition ($defs/channel) speaks of: its enum lists
// (`enums`) and the types its per-type value rules name one by one (`rules`).
void collectTypeNames(const QJsonValue &node, QList<QSet<QString>> &enums, QSet<QString> &rules)
{
    if (node.isArray()) {
        for (const auto &v : node.toArray()) collectTypeNames(v, enums, rules);
        return;
    }
    if (!node.isObject()) return;
    const QJsonObject o = node.toObject();
    const QJsonObject type = o.value("properties").toObject().value("type").toObject();
    if (type.contains("const")) rules.insert(type.value("const").toString());
    if (type.contains("enum")) {
        QSet<QString> names;
        for (const auto &v : type.value("enum").toArray()) names.insert(v.toString());
        enums.append(names);
    }
    for (auto it = o.begin(); it != o.end(); ++it) collectTypeNames(it.value(), enums, rules);
}

// A value of each type that is not the type's default, to make a lost value show.
core::ChannelValue sampleValue(core::ChannelType type)
{
    core::ChannelValue v;
    switch (core::channelTypeInfo(type).form) {
    case core::ChannelForm::Real: v.number = -12.625; break;
    case core::ChannelForm::Integer: v.number = 42; break;
    case core::ChannelForm::Truth: v.number = 1; break;
    case core::ChannelForm::Text: v.text = "mine shaft"; break;
    case core::ChannelForm::Colour: v.colour = {1.0, 136.0 / 255.0, 0.0, 128.0 / 255.0}; break;
    }
    return v;
}

} // namespace

class TestChannelTypes : public QObject {
    Q_OBJECT
private slots:
    void everyTypeHasOneRowAndItsName()
    {
        QCOMPARE(core::channelTypes().size(), kEveryType.size());
        QSet<QString> names;
        for (core::ChannelType type : kEveryType) {
            const auto &info = core::channelTypeInfo(type);
            QCOMPARE(int(info.type), int(type));
            names.insert(info.name);
            QCOMPARE(document::channelTypeFromName(info.name), std::optional(type));
            // Blending and events exclude each other: an event has no value between keys.
            QVERIFY(!(info.interpolates && info.keysAreEvents));
            QCOMPARE(core::interpolationAllowed(type, core::ChannelInterp::Linear), info.interpolates);
            QCOMPARE(document::defaultInterp(type),
                     info.interpolates ? core::ChannelInterp::Linear : core::ChannelInterp::Step);
        }
        QCOMPARE(names.size(), int(kEveryType.size()));
        QVERIFY(!document::channelTypeFromName("color"));
    }

    void bothSchemasNameExactlyTheTable_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::newRow("level") << "resources/schema/level.schema.json";
        QTest::newRow("export") << "resources/schema/export.schema.json";
    }
    void bothSchemasNameExactlyTheTable()
    {
        QFETCH(QString, schema);
        QFile file(QStringLiteral(RAILFORGE_SOURCE_DIR "/") + schema);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject channel =
            QJsonDocument::fromJson(file.readAll()).object().value("$defs").toObject().value("channel").toObject();
        QVERIFY2(!channel.isEmpty(), "the schema defines a channel");
        QList<QSet<QString>> enums;
        QSet<QString> rules;
        collectTypeNames(channel, enums, rules);
        QSet<QString> table;
        for (const auto &info : core::channelTypes()) table.insert(info.name);
        QCOMPARE(rules, table); // a value rule per type
        for (const auto &names : enums) QCOMPARE(names, table);
    }

    void aValueOfEveryTypeSurvivesItsText_data()
    {
        QTest::addColumn<int>("type");
        for (core::ChannelType type : kEveryType) QTest::newRow(core::channelTypeInfo(type).name) << int(type);
    }
    void aValueOfEveryTypeSurvivesItsText()
    {
        QFETCH(int, type);
        const auto t = core::ChannelType(type);
        const core::ChannelValue value = sampleValue(t);
        const std::string text = document::channelValueText(t, value);
        std::string error;
        const auto back = document::channelValueFromText(t, text, &error);
        QVERIFY2(back.has_value(), error.c_str());
        QCOMPARE(document::channelValueText(t, *back), text);
        if (core::channelTypeInfo(t).form != core::ChannelForm::Colour) QVERIFY(*back == value);
        // An event without a name is refused; other text types take the empty string.
        if (core::channelTypeInfo(t).form == core::ChannelForm::Text)
            QCOMPARE(document::channelValueFromText(t, "", &error).has_value(),
                     !core::channelTypeInfo(t).keysAreEvents);
    }
};

QTEST_APPLESS_MAIN(TestChannelTypes)
#include "test_channel_types.moc"
