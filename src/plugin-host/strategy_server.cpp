#include "plugin-host/strategy_server.h"

#include "document/strategy/strategy_registry.h"
#include "plugin-host/fatal_reply.h"

namespace railforge::pluginhost {

namespace wire = document::wire;

namespace {

// isClear() answered from the obstacle index the host sent.
class IndexContext : public SmoothingContext {
public:
    explicit IndexContext(const core::ObstacleIndex *index) : m_index(index) {}
    bool isClear(const Vec3 &a, const Vec3 &b, double radius) const override
    {
        return !m_index || m_index->isClear(a, b, radius);
    }

private:
    const core::ObstacleIndex *m_index;
};

} // namespace

SmoothingStrategy *StrategyServer::strategyFor(const std::string &path, std::string *error)
{
    auto found = m_plugins.find(path);
    if (found == m_plugins.end()) {
        // Loading runs the plugin's static initialisers and constructor: an escaping exception or a
        // crash here ends this helper, which the host reports as this step's failure.
        const FatalPhase phase("while loading");
        Loaded loaded;
        loaded.loader = std::make_unique<QPluginLoader>(QString::fromStdString(path));
        QObject *instance = loaded.loader->instance();
        loaded.strategy = qobject_cast<SmoothingStrategy *>(instance);
        if (!instance) {
            *error = loaded.loader->errorString().toStdString();
            return nullptr;
        }
        if (!loaded.strategy) {
            *error = "does not implement railforge::SmoothingStrategy";
            return nullptr;
        }
        found = m_plugins.emplace(path, std::move(loaded)).first;
    }
    return found->second.strategy;
}

wire::ReplyHead StrategyServer::handle(const wire::Message &request, std::vector<Vec3> &points)
{
    points.clear();
    auto head = request.kind == wire::Kind::Smooth ? wire::decodeSmoothHead(request.head) : std::nullopt;
    if (!head) return {wire::ReplyStatus::BadRequest, "the helper received a request it cannot read"};
    if (head->obstacles) {
        m_obstacles = std::make_unique<core::ObstacleIndex>(std::move(head->obstacles->polygons),
                                                            std::move(head->obstacles->circles));
        m_obstacleKey = head->obstacleKey;
    }
    if (head->obstacleKey != m_obstacleKey)
        return {wire::ReplyStatus::NeedObstacles, "the helper lacks the level's obstacles"};

    std::string error;
    SmoothingStrategy *strategy = strategyFor(head->pluginPath, &error);
    if (!strategy) return {wire::ReplyStatus::LoadError, error};

    const IndexContext context(m_obstacles.get());
    SmoothingResult result;
    {
        const FatalPhase phase("");
        result = strategy->smooth(request.points, head->closed, ParameterValues(std::move(head->params)), context);
    }
    if (!result.ok()) return {wire::ReplyStatus::StrategyError, std::move(result.error)};
    // Not even sent: the host would refuse it, and sending hundreds of MB to refuse them helps nobody.
    if (result.points.size() > document::kMaxSmoothedPoints)
        return {wire::ReplyStatus::TooManyPoints, "returned " + std::to_string(result.points.size()) +
                                                      " points, more than the limit of " +
                                                      std::to_string(document::kMaxSmoothedPoints)};
    points = std::move(result.points);
    return {wire::ReplyStatus::Ok, {}};
}

int StrategyServer::serve(wire::Channel &channel)
{
    setFatalReplyChannel(&channel, m_memoryLimitMb);
    if (wire::send(channel, wire::Kind::Hello, wire::encodeHello(), {}, wire::kNoDeadline) != wire::Channel::Io::Ok)
        return 1;
    wire::Message request;
    std::vector<Vec3> points;
    for (;;) {
        const auto io = wire::receive(channel, request, wire::kNoDeadline);
        if (io == wire::Channel::Io::Closed) return 0; // the host is done with us
        if (io != wire::Channel::Io::Ok) return 1;
        const wire::ReplyHead reply = handle(request, points);
        request.points = {}; // give the memory back before the next request
        if (wire::send(channel, wire::Kind::Reply, wire::encode(reply), points, wire::kNoDeadline) !=
            wire::Channel::Io::Ok)
            return 1;
        points = {};
    }
}

} // namespace railforge::pluginhost
