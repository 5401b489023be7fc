#include "core/channel_types.h"

namespace railforge::core {

const std::vector<ChannelTypeInfo> &channelTypes()
{
    static const std::vector<ChannelTypeInfo> types = {
        {ChannelType::Float, "float", ChannelForm::Real, true, false},
        {ChannelType::Int, "int", ChannelForm::Integer, false, false},
        {ChannelType::Bool, "bool", ChannelForm::Truth, false, false},
        {ChannelType::String, "string", ChannelForm::Text, false, false},
        {ChannelType::Colour, "colour", ChannelForm::Colour, true, false},
        {ChannelType::Event, "event", ChannelForm::Text, false, true},
    };
    return types;
}

const ChannelTypeInfo &channelTypeInfo(ChannelType type)
{
    for (const auto &info : channelTypes())
        if (info.type == type) return info;
    return channelTypes().front(); // unreachable: every enum value has a row (tests/unit/core/test_channel)
}

bool holdsNumber(ChannelType type)
{
    const ChannelForm form = channelTypeInfo(type).form;
    return form == ChannelForm::Real || form == ChannelForm::Integer;
}

} // namespace railforge::core
