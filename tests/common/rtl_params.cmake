# Parameter corners of the RTL blocks (label quick; the largest long, below). Each block is elaborated at
# its smallest and largest legal parameters, which must pass cleanly, and with
# one illegal value of every parameter it checks, which must stop elaboration at
# that check: the module named after the broken rule, which does not exist (see
# "Parameter checks" in the blocks and docs/interface.md).
#   rtl_params.<module>.<corner>.lint      verilator --lint-only -Wall -G...
#   rtl_params.<module>.<corner>.yosys     read_verilog; hierarchy -check -chparam ...; proc
#   rtl_params.<module>.<corner>.iverilog  iverilog -g2005 -P... (when Icarus is found)
# An illegal corner passes only when the tool's error names the rule, so a check
# that disappears turns its tests red even where the tool would still fail for
# another reason (or pass: QUEUE 2 once did in Verilator and Yosys).
# Widths, QUEUE and DEPTH have no upper limit in the RTL; their largest corner
# is 64. Modules without parameters are left to rtl_checks.cmake. Every corner
# elaborates in seconds; the legal ones of 128 lanes or more (LANES or N), which
# take from 2 to 17 s a tool, two thirds of this file's time, are labelled long
# with the 128-lane simulations (tests/lane/wide_test.cmake), and quick keeps
# the same blocks' 64-lane corners.

find_program(IVERILOG_EXECUTABLE iverilog)

# utf8core_rtl_corner(<module> <corner> <rule> [NAME=VALUE...]): <rule> is
# "legal", or the name of the missing module that the illegal values must stop at.
function(utf8core_rtl_corner module corner rule)
  utf8core_rtl_file(${module} rtl_file)
  set(test rtl_params.${module}.${corner})
  set(lint_args)
  set(yosys_args)
  set(iverilog_args)
  set(label quick)
  foreach(assignment IN LISTS ARGN)
    string(REGEX MATCH "^([A-Z_]+)=(.+)$" matched "${assignment}")
    if(NOT matched)
      message(FATAL_ERROR "rtl_params: ${assignment} is not NAME=VALUE")
    endif()
    set(name ${CMAKE_MATCH_1})
    set(value ${CMAKE_MATCH_2})
    list(APPEND lint_args "-G${name}=${value}")
    string(APPEND yosys_args " -chparam ${name} ${value}")
    list(APPEND iverilog_args "-P${module}.${name}=${value}")
    if(rule STREQUAL "legal" AND (name STREQUAL "LANES" OR name STREQUAL "N")
       AND value GREATER_EQUAL 128)
      set(label long)
    endif()
  endforeach()

  add_test(NAME ${test}.lint
    COMMAND verilator --lint-only -Wall -Wno-fatal ${UTF8CORE_RTL_Y}
            --top-module ${module} ${lint_args} ${UTF8CORE_LINT_WAIVERS} "${rtl_file}")
  set(tests ${test}.lint)
  if(YOSYS_EXECUTABLE)
    add_test(NAME ${test}.yosys
      COMMAND ${YOSYS_EXECUTABLE} -q -p "verilog_defaults -add -I ${UTF8CORE_RTL_INCLUDE_DIR}; read_verilog \"${rtl_file}\"; hierarchy -check -top ${module}${UTF8CORE_RTL_LIBDIRS}${yosys_args}; proc")
    list(APPEND tests ${test}.yosys)
  endif()
  if(IVERILOG_EXECUTABLE)
    add_test(NAME ${test}.iverilog
      COMMAND ${IVERILOG_EXECUTABLE} -g2005 -Wall ${UTF8CORE_RTL_Y} -I "${UTF8CORE_RTL_INCLUDE_DIR}"
              -s ${module} ${iverilog_args} -o /dev/null "${rtl_file}")
    list(APPEND tests ${test}.iverilog)
  endif()
  set_tests_properties(${tests} PROPERTIES LABELS ${label})

  if(rule STREQUAL "legal")
    # -Wno-fatal prints every warning; any warning or error fails the test.
    set_tests_properties(${test}.lint PROPERTIES FAIL_REGULAR_EXPRESSION "%Warning|%Error")
  else()
    # Each tool's own words for a module that is not there.
    set_tests_properties(${test}.lint PROPERTIES
      PASS_REGULAR_EXPRESSION "%Error: [^\n]*Cannot find file containing module: '${rule}'")
    if(YOSYS_EXECUTABLE)
      set_tests_properties(${test}.yosys PROPERTIES
        PASS_REGULAR_EXPRESSION "ERROR: Module `.${rule}' referenced")
    endif()
    if(IVERILOG_EXECUTABLE)
      set_tests_properties(${test}.iverilog PROPERTIES
        PASS_REGULAR_EXPRESSION "error: Unknown module type: ${rule}")
    endif()
  endif()
endfunction()

set(lanes error_LANES_must_be_1_2_4_8_16_32_64_or_128)

utf8core_rtl_corner(utf8_decoder min legal OFFSET_WIDTH=1 COUNT_WIDTH=1)
utf8core_rtl_corner(utf8_decoder max legal OFFSET_WIDTH=64 COUNT_WIDTH=64)
utf8core_rtl_corner(utf8_decoder offset_width_0 error_OFFSET_WIDTH_must_be_at_least_1 OFFSET_WIDTH=0)
utf8core_rtl_corner(utf8_decoder count_width_0 error_COUNT_WIDTH_must_be_at_least_1 COUNT_WIDTH=0)

utf8core_rtl_corner(utf8_encoder min legal COUNT_WIDTH=4)
utf8core_rtl_corner(utf8_encoder max legal COUNT_WIDTH=64)
utf8core_rtl_corner(utf8_encoder count_width_3 error_COUNT_WIDTH_must_be_at_least_4 COUNT_WIDTH=3)

# The wide blocks: LANES 64 and 128 with the narrowest widths too, where the
# status's halves are tightest (at 128 a beat's count of one class is 8 bits,
# all of a 16-bit counter's low half).
foreach(block utf8_validator utf8_string_validator utf8_wide_decoder utf8_sanitizer)
  if(block MATCHES "validator$")
    set(fifo QUEUE)
  else()
    set(fifo DEPTH)
  endif()
  string(TOLOWER ${fifo} fifo_lc)
  utf8core_rtl_corner(${block} min legal LANES=1 OFFSET_WIDTH=16 COUNT_WIDTH=16 ${fifo}=4)
  utf8core_rtl_corner(${block} lanes_64_min legal LANES=64 OFFSET_WIDTH=16 COUNT_WIDTH=16 ${fifo}=4)
  utf8core_rtl_corner(${block} lanes_128_min legal LANES=128 OFFSET_WIDTH=16 COUNT_WIDTH=16 ${fifo}=4)
  utf8core_rtl_corner(${block} max legal LANES=128 OFFSET_WIDTH=64 COUNT_WIDTH=64 ${fifo}=64)
  utf8core_rtl_corner(${block} lanes_3 ${lanes} LANES=3)
  utf8core_rtl_corner(${block} lanes_256 ${lanes} LANES=256)
  utf8core_rtl_corner(${block} offset_width_15 error_OFFSET_WIDTH_must_be_at_least_16 OFFSET_WIDTH=15)
  utf8core_rtl_corner(${block} count_width_15 error_COUNT_WIDTH_must_be_at_least_16 COUNT_WIDTH=15)
  utf8core_rtl_corner(${block} ${fifo_lc}_2 error_${fifo}_must_be_a_power_of_two_at_least_4 ${fifo}=2)
  utf8core_rtl_corner(${block} ${fifo_lc}_12 error_${fifo}_must_be_a_power_of_two_at_least_4 ${fifo}=12)
endforeach()

utf8core_rtl_corner(utf8_lane_scan min legal LANES=1)
utf8core_rtl_corner(utf8_lane_scan max legal LANES=128)
utf8core_rtl_corner(utf8_lane_scan lanes_6 ${lanes} LANES=6)
utf8core_rtl_corner(utf8_lane_delay min legal WIDTH=1 STAGES=0)
utf8core_rtl_corner(utf8_lane_delay wide legal WIDTH=300 STAGES=8)
utf8core_rtl_corner(utf8_lane_delay deep legal WIDTH=3 STAGES=40 RAM_FROM=2)
utf8core_rtl_corner(utf8_lane_delay ram_from_1 error_RAM_FROM_must_be_at_least_2 RAM_FROM=1)
utf8core_rtl_corner(utf8_lane_delay width_0 error_WIDTH_must_be_at_least_1 WIDTH=0)
utf8core_rtl_corner(utf8_lane_front min legal LANES=1 OFFSET_WIDTH=4)
utf8core_rtl_corner(utf8_lane_front lanes_64_min legal LANES=64 OFFSET_WIDTH=10)
utf8core_rtl_corner(utf8_lane_front lanes_128_min legal LANES=128 OFFSET_WIDTH=11)
utf8core_rtl_corner(utf8_lane_front max legal LANES=128 OFFSET_WIDTH=64)
utf8core_rtl_corner(utf8_lane_front lanes_6 ${lanes} LANES=6)
utf8core_rtl_corner(utf8_lane_front offset_width_3 error_OFFSET_WIDTH_must_be_at_least_log2_LANES_plus_4
                    LANES=1 OFFSET_WIDTH=3)
utf8core_rtl_corner(utf8_lane_front lanes_64_offset_width_9 error_OFFSET_WIDTH_must_be_at_least_log2_LANES_plus_4
                    LANES=64 OFFSET_WIDTH=9)
utf8core_rtl_corner(utf8_lane_front lanes_128_offset_width_10 error_OFFSET_WIDTH_must_be_at_least_log2_LANES_plus_4
                    LANES=128 OFFSET_WIDTH=10)

utf8core_rtl_corner(utf8_lane_status min legal LANES=1 OFFSET_WIDTH=16 COUNT_WIDTH=16)
utf8core_rtl_corner(utf8_lane_status lanes_128_min legal LANES=128 OFFSET_WIDTH=16 COUNT_WIDTH=16)
utf8core_rtl_corner(utf8_lane_status max legal LANES=128 OFFSET_WIDTH=64 COUNT_WIDTH=64)
utf8core_rtl_corner(utf8_lane_status lanes_256 ${lanes} LANES=256)
utf8core_rtl_corner(utf8_lane_status offset_width_15 error_OFFSET_WIDTH_must_be_at_least_16 OFFSET_WIDTH=15)
utf8core_rtl_corner(utf8_lane_status count_width_15 error_COUNT_WIDTH_must_be_at_least_16 COUNT_WIDTH=15)

utf8core_rtl_corner(utf8_lane_compact min legal LANES=1 WIDTH=1 SHIFT_WIDTH=1 REGISTER_AFTER=0 TAG_WIDTH=1)
utf8core_rtl_corner(utf8_lane_compact max legal LANES=387 WIDTH=64 SHIFT_WIDTH=9 REGISTER_AFTER=511 TAG_WIDTH=12)
utf8core_rtl_corner(utf8_lane_compact lanes_195 legal LANES=195 SHIFT_WIDTH=8)
utf8core_rtl_corner(utf8_lane_compact lanes_0 error_LANES_must_be_at_least_1 LANES=0)
utf8core_rtl_corner(utf8_lane_compact width_0 error_WIDTH_must_be_at_least_1 WIDTH=0)
utf8core_rtl_corner(utf8_lane_compact shift_width_5 error_SHIFT_WIDTH_must_be_at_least_log2_LANES_and_1
                    LANES=64 SHIFT_WIDTH=5)
utf8core_rtl_corner(utf8_lane_compact lanes_128_shift_width_6 error_SHIFT_WIDTH_must_be_at_least_log2_LANES_and_1
                    LANES=128 SHIFT_WIDTH=6)
utf8core_rtl_corner(utf8_lane_compact tag_width_0 error_TAG_WIDTH_must_be_at_least_1 TAG_WIDTH=0)

utf8core_rtl_corner(utf8_lane_reduce min legal N=1 W=1 GROUP=1)
utf8core_rtl_corner(utf8_lane_reduce max legal N=128 W=8 GROUP=128)
utf8core_rtl_corner(utf8_lane_reduce n_3 error_N_must_be_1_2_4_8_16_32_64_or_128 N=3)
utf8core_rtl_corner(utf8_lane_reduce w_0 error_W_must_be_at_least_1 W=0)
utf8core_rtl_corner(utf8_lane_reduce group_3 error_GROUP_must_be_a_power_of_two GROUP=3)
utf8core_rtl_corner(utf8_lane_reduce g_set error_G_and_WO_are_derived_not_to_be_set G=2)

utf8core_rtl_corner(utf8_lane_sum min legal N=1 IN_WIDTH=1)
utf8core_rtl_corner(utf8_lane_sum max legal N=128 IN_WIDTH=64)
utf8core_rtl_corner(utf8_lane_sum n_3 error_N_must_be_1_2_4_8_16_32_64_or_128 N=3)
utf8core_rtl_corner(utf8_lane_sum in_width_0 error_IN_WIDTH_must_be_at_least_1 IN_WIDTH=0)

# The kernel's register block: DATA_WIDTH is reported in 16 bits of CAPS.
utf8core_rtl_corner(utf8_kernel_regs min legal DATA_WIDTH=1 ADDR_WIDTH=1)
utf8core_rtl_corner(utf8_kernel_regs max legal DATA_WIDTH=65535 ADDR_WIDTH=64)
utf8core_rtl_corner(utf8_kernel_regs data_width_0 error_DATA_WIDTH_must_be_1_to_65535 DATA_WIDTH=0)
utf8core_rtl_corner(utf8_kernel_regs data_width_65536 error_DATA_WIDTH_must_be_1_to_65535 DATA_WIDTH=65536)
utf8core_rtl_corner(utf8_kernel_regs addr_width_0 error_ADDR_WIDTH_must_be_1_to_64 ADDR_WIDTH=0)
utf8core_rtl_corner(utf8_kernel_regs addr_width_65 error_ADDR_WIDTH_must_be_1_to_64 ADDR_WIDTH=65)

# The kernel's AXI4 engines.
utf8core_rtl_corner(utf8_kernel_rd min legal DATA_WIDTH=64 ADDR_WIDTH=16 MAX_BURST=1 OUTSTANDING=2)
utf8core_rtl_corner(utf8_kernel_rd max legal DATA_WIDTH=512 ADDR_WIDTH=64 MAX_BURST=256 OUTSTANDING=64)
utf8core_rtl_corner(utf8_kernel_rd data_width_32 error_DATA_WIDTH_must_be_64_128_256_or_512 DATA_WIDTH=32)
utf8core_rtl_corner(utf8_kernel_rd data_width_96 error_DATA_WIDTH_must_be_64_128_256_or_512 DATA_WIDTH=96)
utf8core_rtl_corner(utf8_kernel_rd addr_width_15 error_ADDR_WIDTH_must_be_16_to_64 ADDR_WIDTH=15)
utf8core_rtl_corner(utf8_kernel_rd addr_width_65 error_ADDR_WIDTH_must_be_16_to_64 ADDR_WIDTH=65)
utf8core_rtl_corner(utf8_kernel_rd max_burst_12 error_MAX_BURST_must_be_a_power_of_two_up_to_256 MAX_BURST=12)
utf8core_rtl_corner(utf8_kernel_rd max_burst_512 error_MAX_BURST_must_be_a_power_of_two_up_to_256 MAX_BURST=512)
utf8core_rtl_corner(utf8_kernel_rd outstanding_1 error_OUTSTANDING_must_be_a_power_of_two_at_least_2 OUTSTANDING=1)
utf8core_rtl_corner(utf8_kernel_rd outstanding_6 error_OUTSTANDING_must_be_a_power_of_two_at_least_2 OUTSTANDING=6)
utf8core_rtl_corner(utf8_kernel_wr min legal DATA_WIDTH=64 ADDR_WIDTH=16 MAX_BURST=1 FIFO_DEPTH=4)
utf8core_rtl_corner(utf8_kernel_wr max legal DATA_WIDTH=512 ADDR_WIDTH=64 MAX_BURST=256 FIFO_DEPTH=1024)
utf8core_rtl_corner(utf8_kernel_wr data_width_32 error_DATA_WIDTH_must_be_64_128_256_or_512 DATA_WIDTH=32)
utf8core_rtl_corner(utf8_kernel_wr addr_width_15 error_ADDR_WIDTH_must_be_16_to_64 ADDR_WIDTH=15)
utf8core_rtl_corner(utf8_kernel_wr max_burst_3 error_MAX_BURST_must_be_a_power_of_two_up_to_256 MAX_BURST=3)
utf8core_rtl_corner(utf8_kernel_wr fifo_depth_16 error_FIFO_DEPTH_must_be_a_power_of_two_at_least_2_MAX_BURST_and_4
                    FIFO_DEPTH=16)
utf8core_rtl_corner(utf8_kernel_wr fifo_depth_48 error_FIFO_DEPTH_must_be_a_power_of_two_at_least_2_MAX_BURST_and_4
                    FIFO_DEPTH=48)
utf8core_rtl_corner(utf8_kernel_wr fifo_depth_2 error_FIFO_DEPTH_must_be_a_power_of_two_at_least_2_MAX_BURST_and_4
                    MAX_BURST=1 FIFO_DEPTH=2)

# The kernel: its narrowest bus and address, and its two rules.
utf8core_rtl_corner(utf8_kernel min legal DATA_WIDTH=64 ADDR_WIDTH=16)
utf8core_rtl_corner(utf8_kernel data_width_96 error_DATA_WIDTH_must_be_64_128_256_or_512 DATA_WIDTH=96)
utf8core_rtl_corner(utf8_kernel addr_width_15 error_ADDR_WIDTH_must_be_16_to_64 ADDR_WIDTH=15)
