# Wide validator tests (tests/stream/utf8_validator_test.cpp): RTL against its cycle
# model every cycle, and the RTL's verdicts against the functional model.
utf8core_wide_test(utf8_validator)
