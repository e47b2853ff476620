# `cmake --install` (SPEC section 10): into the prefix go
#   include/utf8core/utf8_model.h            the functional model's interface
#   lib/libutf8core_model.a                  the functional model (utf8core::model)
#   include/utf8core/utf8core_dpi.h,
#   lib/libutf8core_dpi.a                    its DPI-C layer (utf8core::dpi)
#   include/utf8core/utf8core_host.h,
#   include/utf8core/utf8_kernel_regs.h,
#   lib/libutf8core_host.a                   the kernel's host library (utf8core::host)
#   share/utf8core/rtl/                      the RTL and its FuseSoC cores
#   share/utf8core/constraints/              the board pins the board core names
#   share/utf8core/dpi/                      the SystemVerilog package utf8core_pkg.sv
#                                            and the DPI-C layer's sources
#   lib/cmake/utf8core/utf8coreConfig.cmake  (+ version file and targets)
# so that another project's find_package(utf8core CONFIG) gives utf8core::model,
# utf8core::dpi, utf8core::host, utf8core_RTL_DIR and utf8core_DPI_DIR. The cycle
# models (the utf8_model library of model/) and the simulated card are not
# here: only this tree's benches, tests and CLI use them.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(UTF8CORE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/utf8core")
set(UTF8CORE_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/utf8core")

set_target_properties(utf8core_host PROPERTIES EXPORT_NAME host
  PUBLIC_HEADER "${CMAKE_SOURCE_DIR}/host/utf8core_host.h;${CMAKE_SOURCE_DIR}/host/utf8_kernel_regs.h")
install(TARGETS utf8core_model utf8core_dpi utf8core_host EXPORT utf8coreTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/utf8core)
install(EXPORT utf8coreTargets NAMESPACE utf8core::
  DESTINATION ${UTF8CORE_INSTALL_CMAKEDIR})

install(DIRECTORY "${CMAKE_SOURCE_DIR}/rtl/" DESTINATION ${UTF8CORE_INSTALL_DATADIR}/rtl
  FILES_MATCHING PATTERN "*.v" PATTERN "*.vh" PATTERN "*.core" PATTERN "*.rdl" PATTERN "*.xml")
install(FILES "${CMAKE_SOURCE_DIR}/dpi/utf8core_pkg.sv" "${CMAKE_SOURCE_DIR}/dpi/utf8core_dpi.h"
              "${CMAKE_SOURCE_DIR}/dpi/utf8core_dpi.cpp"
  DESTINATION ${UTF8CORE_INSTALL_DATADIR}/dpi)
install(DIRECTORY "${CMAKE_SOURCE_DIR}/constraints/"
  DESTINATION ${UTF8CORE_INSTALL_DATADIR}/constraints)

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/utf8coreConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/utf8coreConfig.cmake"
  INSTALL_DESTINATION ${UTF8CORE_INSTALL_CMAKEDIR}
  PATH_VARS UTF8CORE_INSTALL_DATADIR)
# 0.x: a minor release may change the interface.
write_basic_package_version_file("${CMAKE_BINARY_DIR}/utf8coreConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/utf8coreConfig.cmake"
              "${CMAKE_BINARY_DIR}/utf8coreConfigVersion.cmake"
  DESTINATION ${UTF8CORE_INSTALL_CMAKEDIR})
