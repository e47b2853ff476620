# libFuzzer harnesses (fuzz/): built with clang as a project of their own
# (fuzz/CMakeLists.txt) when clang is found, since the main compiler need not
# be clang. Tests, per harness (decode, roundtrip, cli):
#   fuzz.<harness>       label quick: UTF8CORE_FUZZ_QUICK_SECONDS from the seeds
#   fuzz_long.<harness>  label fuzz: UTF8CORE_FUZZ_LONG_SECONDS, the corpus kept
#                        in <build>/fuzz-work/<harness>/corpus between runs
# Each prints its runs, exec/s and libFuzzer's final cov: and ft:; a crash or
# mismatch fails it and leaves the reproducer in <build>/fuzz-work/.
find_program(UTF8CORE_CLANGXX NAMES clang++ clang++-14)
if(NOT UTF8CORE_CLANGXX)
  message(STATUS "fuzz: no clang++; the libFuzzer harnesses are not built")
  return()
endif()

set(UTF8CORE_FUZZ_QUICK_SECONDS 5 CACHE STRING "Seconds of each harness's run in the quick suite")
set(UTF8CORE_FUZZ_LONG_SECONDS 600 CACHE STRING "Seconds of each harness's run under label fuzz")

include(ExternalProject)
set(fuzz_bin ${CMAKE_BINARY_DIR}/fuzz)
# the launcher is a list (env CCACHE_NOCPP2=1 ccache): passed with | between
# its items, which ExternalProject turns back into ;
string(REPLACE ";" "|" fuzz_launcher "${CMAKE_CXX_COMPILER_LAUNCHER}")
ExternalProject_Add(utf8core_fuzz
  SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}
  BINARY_DIR ${fuzz_bin}
  CMAKE_ARGS -DCMAKE_CXX_COMPILER=${UTF8CORE_CLANGXX}
             -DCMAKE_BUILD_TYPE=Release
             -DCMAKE_CXX_COMPILER_LAUNCHER=${fuzz_launcher}
             -DUTF8CORE_SOURCE_DIR=${CMAKE_SOURCE_DIR}
  INSTALL_COMMAND ""
  LIST_SEPARATOR |
  # The sources are this repository's: rebuild whenever the main build runs.
  BUILD_ALWAYS ON
  USES_TERMINAL_BUILD ON)

foreach(h decode roundtrip cli)
  set(args --fuzzer ${fuzz_bin}/fuzz_${h} --harness ${h} --seeds ${fuzz_bin}/seeds/${h}
           --kuhn ${UTF8CORE_KUHN_TEST})
  add_test(NAME fuzz.${h}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run_fuzzer.py ${args}
            --work ${CMAKE_BINARY_DIR}/fuzz-work/quick_${h} --fresh --seed 1
            --seconds ${UTF8CORE_FUZZ_QUICK_SECONDS})
  set_tests_properties(fuzz.${h} PROPERTIES LABELS quick TIMEOUT 300)
  add_test(NAME fuzz_long.${h}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run_fuzzer.py ${args}
            --work ${CMAKE_BINARY_DIR}/fuzz-work/${h} --seconds ${UTF8CORE_FUZZ_LONG_SECONDS})
  set_tests_properties(fuzz_long.${h} PROPERTIES LABELS fuzz TIMEOUT 7200)
endforeach()
