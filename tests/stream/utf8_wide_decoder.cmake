# Wide decoder tests (tests/stream/utf8_wide_decoder_test.cpp): RTL against its cycle
# model every cycle, its units against the functional model and against the
# scalar decoder's RTL.
# The narrow builds (OUT_UNITS below LANES) run the same tests, and their
# throughput is held to the issue's bound.
utf8core_wide_test(utf8_wide_decoder LIBS utf8_decoder_run
  NARROW ${UTF8CORE_DECODER_NARROW} NARROW_LONG ${UTF8CORE_DECODER_NARROW_LONG})
