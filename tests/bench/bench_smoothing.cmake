# Benchmarks of the smoothing strategies against the seed articles' versions; include() this file
# from tests/bench/CMakeLists.txt. The strategies are MODULE plugins, which cannot be linked, so the
# algorithm sources are compiled in straight from the plugin folders.
find_package(benchmark REQUIRED)

set(RAILFORGE_SMOOTHING_DIR ${PROJECT_SOURCE_DIR}/plugins/smoothing)
add_executable(bench_smoothing
    ${CMAKE_CURRENT_LIST_DIR}/bench_smoothing.cpp
    ${RAILFORGE_SMOOTHING_DIR}/chaikin/chaikin.cpp
    ${RAILFORGE_SMOOTHING_DIR}/catmull-rom/catmull_rom.cpp
    ${RAILFORGE_SMOOTHING_DIR}/line-of-sight/line_of_sight.cpp
    ${RAILFORGE_SMOOTHING_DIR}/simplify/simplify.cpp)
target_include_directories(bench_smoothing PRIVATE
    ${RAILFORGE_SMOOTHING_DIR}/chaikin
    ${RAILFORGE_SMOOTHING_DIR}/catmull-rom
    ${RAILFORGE_SMOOTHING_DIR}/line-of-sight
    ${RAILFORGE_SMOOTHING_DIR}/simplify)
target_link_libraries(bench_smoothing PRIVATE railforge_core benchmark::benchmark)
