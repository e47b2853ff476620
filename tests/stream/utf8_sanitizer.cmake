# Wide sanitizer tests (tests/stream/utf8_sanitizer_test.cpp): RTL against its cycle
# model every cycle, its bytes against the functional model's decode to UTF-8.
utf8core_wide_test(utf8_sanitizer)
