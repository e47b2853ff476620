# The timing diagrams of docs/interface.md (docs/wavedrom/*.json and *.svg) are
# made from the cycle models' runs (sim/common/wavedrom_trace.cpp) by
# scripts/timing_diagrams.py with the pinned `wavedrom` renderer. This test
# regenerates every diagram, JSON and SVG, and fails on any difference from the
# committed files: a change of a block's timing must come with its diagrams
# (rerun: scripts/timing_diagrams.py build/sim/utf8_wavedrom_trace).
# Included from tests/CMakeLists.txt.
set(UTF8CORE_VENV_PYTHON "${UTF8CORE_VENV}/bin/python")
if(NOT EXISTS "${UTF8CORE_VENV_PYTHON}")
  message(STATUS "timing diagram test not registered: ${UTF8CORE_VENV_PYTHON} not found "
                 "(scripts/bootstrap.sh)")
  return()
endif()
add_test(NAME wavedrom.diagrams
  COMMAND ${UTF8CORE_VENV_PYTHON} ${CMAKE_SOURCE_DIR}/scripts/timing_diagrams.py
          $<TARGET_FILE:utf8_wavedrom_trace> --check ${CMAKE_SOURCE_DIR}/docs/wavedrom)
set_tests_properties(wavedrom.diagrams PROPERTIES LABELS quick
  ENVIRONMENT PYTHONDONTWRITEBYTECODE=1)
