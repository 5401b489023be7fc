// The rails of the engine export: samples with frames, Bezier knots, knot_s, tilt
// (docs/export-format.md). The geometry of the next batch of rails is computed on a second thread
// while the current batch is written (about 60 % of an export's time is geometry).
#pragma once

#include "document/export/tree_writer.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::document {

// "rails:" and every rail sampled every `spacing`. Throws NonFiniteOutput (a bug), and what
// core::sample throws for too many samples.
void writeExportRails(TreeWriter &w, const std::vector<Rail> &rails, double spacing);

} // namespace railforge::document
