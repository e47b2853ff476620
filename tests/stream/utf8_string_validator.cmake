# String validator tests (tests/stream/utf8_string_validator_test.cpp): RTL
# against its cycle model every cycle, and each string's verdict against the
# functional model's Validate() of that string and ValidateStrings() of the column.
# Quick at the program's lane counts, 8 and 64; 1, 2, 4, 16, 32 and 128 under
# long (wide-long), and LANES 1 in the formal equivalence (label formal).
utf8core_wide_test(utf8_string_validator QUICK_LANES 8 64)
