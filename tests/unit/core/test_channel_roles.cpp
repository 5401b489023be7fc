// The roles table (core/channel_roles.h) answers for every role and type: each role has its row, no
// name means two roles, a channel carries a role exactly when its name and type are the row's, and a
// new channel's proposed type follows the row (letter case ignored).
#include "core/channel_roles.h"
#include "core/channel_types.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

using namespace railforge::core;

namespace {

const ChannelRole kEveryRole[] = {ChannelRole::Speed, ChannelRole::Width, ChannelRole::Lift, ChannelRole::Brake,
                                  ChannelRole::Events};

bool listed(const std::vector<ChannelType> &types, ChannelType type)
{
    return std::find(types.begin(), types.end(), type) != types.end();
}

} // namespace

class TestChannelRoles : public QObject {
    Q_OBJECT
private slots:
    void everyRoleHasItsRow()
    {
        QCOMPARE(channelRoles().size(), std::size(kEveryRole));
        for (ChannelRole role : kEveryRole) {
            const ChannelRoleInfo &info = channelRoleInfo(role);
            QVERIFY(info.role == role);
            QVERIFY(!info.names.empty());
            QVERIFY(!info.types.empty());
            QVERIFY(std::string(info.meaning).size() > 10);
            QCOMPARE(roleName(role), info.names.front());
        }
    }

    void noNameMeansTwoRoles()
    {
        std::set<std::string_view> seen;
        for (const auto &info : channelRoles())
            for (std::string_view name : info.names) QVERIFY2(seen.insert(name).second, std::string(name).c_str());
    }

    // Brute force over every role name, every type and a few names no role has.
    void aChannelCarriesARoleByNameAndType()
    {
        std::vector<std::string> names = {"Speed", "speeds", "colour", "", "brake"};
        for (const auto &info : channelRoles())
            for (std::string_view n : info.names) names.emplace_back(n);
        for (const std::string &name : names)
            for (const auto &type : channelTypes()) {
                std::optional<ChannelRole> expected;
                for (const auto &info : channelRoles())
                    if (info.foundBy == RoleFoundBy::ChannelName && listed(info.types, type.type) &&
                        std::find(info.names.begin(), info.names.end(), name) != info.names.end())
                        expected = info.role;
                QVERIFY2(channelRoleOf(name, type.type) == expected, (name + " " + type.name).c_str());
            }
        // What the designer sees: a float "speed" is the rider's speed; a string "speed" is just data;
        // an event channel called "brake" is events, not brakes (brake is a word in any event channel).
        QVERIFY(channelRoleOf("speed", ChannelType::Float) == ChannelRole::Speed);
        QVERIFY(!channelRoleOf("speed", ChannelType::String));
        QVERIFY(channelRoleOf("lift", ChannelType::Bool) == ChannelRole::Lift);
        QVERIFY(!channelRoleOf("brake", ChannelType::Event));
        QVERIFY(channelRoleOf("sounds", ChannelType::Event) == ChannelRole::Events);
    }

    void aNewChannelIsProposedItsRolesType()
    {
        for (const auto &info : channelRoles()) {
            if (info.foundBy != RoleFoundBy::ChannelName) continue;
            for (std::string_view name : info.names) {
                QVERIFY(proposedTypeForName(name) == info.types.front());
                std::string upper(name);
                std::transform(upper.begin(), upper.end(), upper.begin(),
                               [](unsigned char c) { return char(std::toupper(c)); });
                QVERIFY(proposedTypeForName(upper) == info.types.front());
            }
        }
        QVERIFY(proposedTypeForName("lift") == ChannelType::Bool);
        QVERIFY(proposedTypeForName("door_events") == ChannelType::Event);
        QVERIFY(proposedTypeForName("camera_fov") == ChannelType::Float);
    }
};

QTEST_APPLESS_MAIN(TestChannelRoles)
#include "test_channel_roles.moc"
