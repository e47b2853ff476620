# Functional-model tests (SPEC §6): the model held to references nobody here
# wrote (Annex R / RFC examples, a naive Annex R reference, CPython, glibc iconv,
# ICU, Kuhn's stress test). Included from tests/CMakeLists.txt.

add_library(utf8_model_reference STATIC
  ${CMAKE_CURRENT_LIST_DIR}/reference/naive_utf8.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reference/model_check.cpp
)
target_include_directories(utf8_model_reference PUBLIC
  ${CMAKE_CURRENT_LIST_DIR}/reference
  ${UTF8CORE_SIM_DIRS}
)
target_link_libraries(utf8_model_reference PUBLIC utf8_model)
target_compile_options(utf8_model_reference PRIVATE -Wall -Wextra)
target_compile_definitions(utf8_model_reference PRIVATE
  UTF8CORE_PYTHON="${Python3_EXECUTABLE}"
  UTF8CORE_CPYTHON_HELPER="${CMAKE_CURRENT_SOURCE_DIR}/py/cpython_decode.py"
)

# utf8_model_test(<name> <label> [libraries...]): tests/<name>.cpp as one
# GoogleTest program whose tests show up in CTest as <name>.<Suite>.<Test>.
function(utf8_model_test name label)
  add_executable(${name} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${name}.cpp)
  target_link_libraries(${name} PRIVATE utf8_model_reference GTest::gtest_main ${ARGN})
  target_compile_options(${name} PRIVATE -Wall -Wextra)
  gtest_discover_tests(${name}
    TEST_PREFIX "${name}."
    PROPERTIES LABELS ${label}
    DISCOVERY_TIMEOUT 60
  )
endfunction()

utf8_model_test(model_examples quick)
utf8_model_test(model_naive quick)
utf8_model_test(model_naive_4byte long)
utf8_model_test(model_roundtrip quick)
utf8_model_test(model_chunking quick)
utf8_model_test(model_cpython quick)
utf8_model_test(model_strings quick)
target_compile_definitions(model_cpython PRIVATE
  UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
utf8_model_test(model_iconv quick)
if(TARGET ICU::uc)
  utf8_model_test(model_icu quick ICU::uc)
else()
  message(STATUS "ICU (libicu-dev) not found: model_icu is not built")
endif()
