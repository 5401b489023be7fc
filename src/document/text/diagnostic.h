// A problem found in an input file, located by FILE:LINE:COLUMN (1-based).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// Errors make a file unusable; warnings (e.g. unknown keys) are reported but do not.
enum class Severity { Error, Warning };

// One located problem.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file;
    int line = 0;   // 1-based; 0 when the problem has no place (e.g. an unreadable file)
    int column = 0; // 1-based
    std::string message;
    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

using Diagnostics = std::vector<Diagnostic>;

// "FILE:LINE:COLUMN: message" (or "FILE: message" when there is no line), warnings prefixed; the
// message as readableMessage shows it.
std::string formatDiagnostic(const Diagnostic &diagnostic);

// A message fit for one line of a terminal or a dialog, whatever text from the file it quotes:
// control characters escaped (a line break in an id cannot forge a line of diagnostics, NUL cannot
// cut it) and a quoted 'text' longer than kMaxQuotedCharacters cut in the middle, with its length.
std::string readableMessage(std::string_view message);
inline constexpr std::size_t kMaxQuotedCharacters = 80;

// At most this many problems are listed for one file; the rest are counted.
inline constexpr std::size_t kMaxListedDiagnostics = 100;

// Keeps the first `limit` diagnostics and puts one "… and N more problems from here on" in place of
// the rest, at the first one left out (an error when any left out is).
void capDiagnostics(Diagnostics &diagnostics, std::size_t limit = kMaxListedDiagnostics);

// True when any diagnostic is an error.
bool hasErrors(const Diagnostics &diagnostics);

} // namespace railforge::document
