# The DPI-C route (SPEC section 10): the SystemVerilog bench of the scalar decoder
# (sim/dpi/utf8_decoder_dpi_tb.sv) with a scoreboard on utf8core_pkg's DPI-C
# calls. Label quick. UTF8CORE_SEED replays a run.
add_test(NAME dpi.utf8_decoder COMMAND utf8_decoder_dpi)
set_tests_properties(dpi.utf8_decoder PROPERTIES LABELS quick
  PASS_REGULAR_EXPRESSION "no mismatch"
  FAIL_REGULAR_EXPRESSION "MISMATCH|%Error|%Fatal")
