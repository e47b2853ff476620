# Wide decoder tests (tests/stream/utf8_wide_decoder_test.cpp): RTL against its cycle
# model every cycle, its units against the functional model and against the
# scalar decoder's RTL.
utf8core_wide_test(utf8_wide_decoder LIBS utf8_decoder_run)
