#include "document/ground/budgeted_work.h"

namespace railforge::document {
namespace {
std::atomic_int abandoned{0};
}

int abandonedWork() { return abandoned.load(); }
void countAbandonedWork() { ++abandoned; }

} // namespace railforge::document
