// The helper's side of the strategy host: answers Smooth requests by loading the named plugin (once,
// on first use, so a plugin that breaks while loading fails only its own calls) and running it
// against the obstacles the host sent.
#pragma once

#include "document/strategy/strategy_wire.h"

#include <QPluginLoader>

#include <map>
#include <memory>
#include <string>

namespace railforge::pluginhost {

class StrategyServer {
public:
    explicit StrategyServer(std::size_t memoryLimitMb) : m_memoryLimitMb(memoryLimitMb) {}
    // Serves requests on `channel` until the host closes it; returns the process exit code.
    int serve(document::wire::Channel &channel);

private:
    struct Loaded {
        std::unique_ptr<QPluginLoader> loader;
        SmoothingStrategy *strategy = nullptr;
    };
    // Answers one request: the reply head, and the points in `points`.
    document::wire::ReplyHead handle(const document::wire::Message &request, std::vector<Vec3> &points);
    // The plugin's strategy, loading it on first use; null and a reason when it cannot be loaded.
    SmoothingStrategy *strategyFor(const std::string &path, std::string *error);

    std::size_t m_memoryLimitMb;
    std::map<std::string, Loaded> m_plugins;
    std::uint64_t m_obstacleKey = 0;
    std::unique_ptr<core::ObstacleIndex> m_obstacles;
};

} // namespace railforge::pluginhost
