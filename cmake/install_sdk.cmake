# Installs the plugin SDK: the headers, the core library and a CMake package, so that
# find_package(RailForge) + target_link_libraries(... RailForge::PluginApi) works for a plugin
# built outside this tree (docs/writing-a-strategy.md).
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set_target_properties(railforge_core PROPERTIES EXPORT_NAME Core)
set_target_properties(railforge_plugin_api PROPERTIES EXPORT_NAME PluginApi)

install(TARGETS railforge_core railforge_plugin_api EXPORT RailForgeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/core/ DESTINATION include/railforge/core FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_SOURCE_DIR}/src/plugin-api/railforge/smoothing_strategy.h DESTINATION include/railforge/railforge)
install(EXPORT RailForgeTargets NAMESPACE RailForge:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/RailForge)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/RailForgeConfig.cmake.in
    ${CMAKE_BINARY_DIR}/RailForgeConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/RailForge)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/RailForgeConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/RailForgeConfig.cmake ${CMAKE_BINARY_DIR}/RailForgeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/RailForge)
