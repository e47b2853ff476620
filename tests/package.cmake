# The CMake package (SPEC section 10, cmake/package.cmake). Label quick:
#   package.install  `cmake --install` into a prefix inside the build tree, then
#                    tests/package/, a project outside this tree, finds it with
#                    find_package(utf8core CONFIG REQUIRED), links
#                    utf8core::model and checks the units of a decoded string;
#                    with the venv's fusesoc, the installed share/utf8core/rtl is
#                    a cores root that lints utf8core:ip:validator
if(EXISTS "${UTF8CORE_VENV}/bin/fusesoc")
  set(UTF8CORE_HAVE_FUSESOC ON)
else()
  set(UTF8CORE_HAVE_FUSESOC OFF)
endif()
add_test(NAME package.install
  COMMAND ${CMAKE_COMMAND}
          -DBUILD_DIR=${CMAKE_BINARY_DIR}
          -DPREFIX=${CMAKE_CURRENT_BINARY_DIR}/package/prefix
          -DWORK=${CMAKE_CURRENT_BINARY_DIR}/package/consumer
          -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/package
          -DGENERATOR=${CMAKE_GENERATOR}
          -DCXX=${CMAKE_CXX_COMPILER}
          "-DFUSESOC=$<$<BOOL:${UTF8CORE_HAVE_FUSESOC}>:${UTF8CORE_VENV}/bin/fusesoc>"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/package/run.cmake)
# Both package tests use the build tree's install rules: one at a time.
set_tests_properties(package.install PROPERTIES LABELS quick RESOURCE_LOCK utf8core_install)

#   package.readme_routes  the README's "Use it in your project" blocks, run as
#                    written (tests/package/readme_routes.py): FuseSoC from the
#                    venv, the CMake install and outside project, the DPI-C
#                    example verilated against the installed prefix
if(EXISTS "${UTF8CORE_VENV}/bin/fusesoc")
  add_test(NAME package.readme_routes
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/package/readme_routes.py
            ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR} ${UTF8CORE_VENV}
            ${CMAKE_CURRENT_BINARY_DIR}/package/readme)
  set_tests_properties(package.readme_routes PROPERTIES LABELS quick
    RESOURCE_LOCK utf8core_install)
else()
  message(STATUS "No fusesoc in ${UTF8CORE_VENV}: package.readme_routes is not defined")
endif()
