// What a background reader of the level's references (the 3D view's meshes, its images) was last
// asked for: it reads again only when the references it shows, the level's folder or the rules change.
#pragma once

#include "document/files/project_files.h"
#include "document/model/reference.h"

#include <optional>
#include <vector>

namespace railforge::app {

struct ReferenceRequest {
    std::vector<document::Reference> references;
    std::optional<document::ProjectFiles> files;
    bool asked = false;

    // Takes `shown` under `rules`; false when that is what was asked last (nothing to read).
    bool take(std::vector<document::Reference> shown, const document::ProjectFiles &rules)
    {
        const bool sameFiles = files && files->levelFolder() == rules.levelFolder() && files->rules() == rules.rules();
        if (asked && shown == references && sameFiles) return false;
        asked = true;
        references = std::move(shown);
        files = rules;
        return true;
    }
};

} // namespace railforge::app
