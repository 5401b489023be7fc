// How assimp reaches files in the reader: it does not. Every file an importer asks for (the mesh, its
// glTF buffers, OBJ material libraries, FBX externals) is asked of RailForge over the socket, which
// applies the project's rules and hands over an opened descriptor, or says no.
#pragma once

#include "document/reading/reader_channel.h"

#include <assimp/IOSystem.hpp>

namespace railforge::readerhost {

class RemoteFiles : public Assimp::IOSystem {
public:
    explicit RemoteFiles(reading::Channel &channel) : m_channel(channel) {}

    bool Exists(const char *file) const override;
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override;
    void Close(Assimp::IOStream *stream) override;

private:
    // RailForge's answer: yes or no, and the opened file's descriptor when asked to open it.
    struct Answered {
        bool ok = false;
        reading::UniqueFd fd;
    };
    // Asks RailForge. A broken socket ends the reader (RailForge has gone or given up on it).
    Answered ask(bool open, const char *file) const;

    reading::Channel &m_channel;
};

} // namespace railforge::readerhost
