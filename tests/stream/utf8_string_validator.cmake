# String validator tests (tests/stream/utf8_string_validator_test.cpp): RTL
# against its cycle model every cycle, and each string's verdict against the
# functional model's Validate() of that string and ValidateStrings() of the column.
utf8core_wide_test(utf8_string_validator)
