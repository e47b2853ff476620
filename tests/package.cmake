# The CMake package (SPEC section 10, cmake/package.cmake). Label quick:
#   package.install  `cmake --install` into a prefix inside the build tree, then
#                    tests/package/, a project outside this tree, finds it with
#                    find_package(utf8core CONFIG REQUIRED), links
#                    utf8core::model and checks the units of a decoded string
add_test(NAME package.install
  COMMAND ${CMAKE_COMMAND}
          -DBUILD_DIR=${CMAKE_BINARY_DIR}
          -DPREFIX=${CMAKE_CURRENT_BINARY_DIR}/package/prefix
          -DWORK=${CMAKE_CURRENT_BINARY_DIR}/package/consumer
          -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/package
          -DGENERATOR=${CMAKE_GENERATOR}
          -DCXX=${CMAKE_CXX_COMPILER}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/package/run.cmake)
set_tests_properties(package.install PROPERTIES LABELS quick)
