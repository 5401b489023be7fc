// Exit codes of railforge-cli (docs/design.md "CLI contract").
#pragma once

namespace railforge::cli {

enum ExitCode : int {
    ExitOk = 0,           // success
    ExitFailure = 1,      // runtime failure (cannot write output, plugin failed...)
    ExitUsage = 2,        // bad command line
    ExitInvalidInput = 3, // invalid input file, reported as FILE:LINE:COLUMN: message
};

} // namespace railforge::cli
