# The wide blocks' tests share one library (wide_test_util.{h,cpp}: the random
# packets, the scoreboard's bookkeeping, the tests every wide block passes) and
# one way of being registered.
add_library(wide_test_util STATIC ${CMAKE_CURRENT_LIST_DIR}/wide_test_util.cpp)
target_include_directories(wide_test_util PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(wide_test_util PUBLIC utf8_sim_bench GTest::gtest)
target_compile_definitions(wide_test_util PUBLIC UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
target_compile_options(wide_test_util PRIVATE -Wall -Wextra)

# utf8core_wide_test(<block> [QUICK_LANES <N>...] LIBS <libs>...): tests/stream/<block>_test.cpp as
# the program <block>_test at every lane count of UTF8CORE_WIDE_LANES, its
# Long* sweeps (minutes) labelled long, the rest quick; and as the program
# <block>_long_test at the lane counts of UTF8CORE_WIDE_LANES_LONG, every test
# labelled long, built by the target wide-long only (not by `all`). QUICK_LANES
# narrows the quick lane counts for one block; its others join the long ones.
# NARROW / NARROW_LONG <L:U>...: the wide decoder's narrow builds (OUT_UNITS U)
# linked into the quick / long program beside its lane counts.
#
# utf8core_wide_test(<block> NETLIST <flow> LANES <N> QUICK <filter>
# GATE <filter> [EXCLUDE_FROM_ALL] LIBS <libs>...): the same source as the
# program <block>_<flow>_test, its lane table holding the block's <flow>
# netlist at LANES N (sim/common/gate.cmake); the tests matching QUICK labelled
# quick, those matching GATE labelled gate (gtest filters), the rest not
# registered.
function(utf8core_wide_test block)
  cmake_parse_arguments(arg "EXCLUDE_FROM_ALL" "NETLIST;QUICK;GATE" "LIBS;LANES;QUICK_LANES;NARROW;NARROW_LONG" ${ARGN})
  if(arg_NETLIST)
    set(t ${block}_${arg_NETLIST}_test)
    set(prefix "${block}_${arg_NETLIST}.")
  else()
    set(t ${block}_test)
    set(prefix "${block}.")
    set(arg_LANES ${UTF8CORE_WIDE_LANES})
    set(long_lanes ${UTF8CORE_WIDE_LANES_LONG})
    if(arg_QUICK_LANES)
      # a block whose quick tests run at fewer lane counts: the rest go to long
      list(APPEND long_lanes ${UTF8CORE_WIDE_LANES})
      list(REMOVE_DUPLICATES long_lanes)
      set(arg_LANES ${arg_QUICK_LANES})
    endif()
    if(long_lanes)
      list(REMOVE_ITEM long_lanes ${arg_LANES})
    endif()
    if(long_lanes)
      set(long ${block}_long_test)
      add_executable(${long} EXCLUDE_FROM_ALL
                     ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../stream/${block}_test.cpp)
      target_link_libraries(${long} PRIVATE ${block}_run wide_test_util ${arg_LIBS} GTest::gtest_main)
      utf8core_wide_lanes(${long} BLOCKS ${block} LANES ${long_lanes} ${arg_NARROW_LONG})
      target_compile_options(${long} PRIVATE -Wall -Wextra)
      gtest_discover_tests(${long} TEST_PREFIX "${block}.long."
        PROPERTIES LABELS long TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
      if(NOT TARGET wide-long)
        add_custom_target(wide-long)
      endif()
      add_dependencies(wide-long ${long})
    endif()
  endif()
  set(exclude "")
  if(arg_EXCLUDE_FROM_ALL)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  add_executable(${t} ${exclude} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../stream/${block}_test.cpp)
  target_link_libraries(${t} PRIVATE ${block}_run wide_test_util ${arg_LIBS} GTest::gtest_main)
  utf8core_wide_lanes(${t} BLOCKS ${block} LANES ${arg_LANES} ${arg_NARROW} NETLIST ${arg_NETLIST})
  target_compile_options(${t} PRIVATE -Wall -Wextra)
  if(arg_NETLIST)
    foreach(label quick gate)
      string(TOUPPER ${label} key)
      if(arg_${key})
        gtest_discover_tests(${t} TEST_PREFIX "${prefix}" TEST_FILTER "${arg_${key}}"
          PROPERTIES LABELS ${label} TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
      endif()
    endforeach()
    return()
  endif()
  gtest_discover_tests(${t} TEST_PREFIX "${prefix}" TEST_FILTER "-*Long*"
    PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
  gtest_discover_tests(${t} TEST_PREFIX "${prefix}" TEST_FILTER "*Long*"
    PROPERTIES LABELS long TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
endfunction()
