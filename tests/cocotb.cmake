# cocotb benches (sim/cocotb/) of the scalar decoder and of the wide decoder at
# LANES 4 under Icarus: AxiStreamSource with random gaps, AxiStreamSink with
# random backpressure, expected units from the Python module utf8core built in
# this tree. cocotb and cocotbext-axi come from the build tree's virtual
# environment (scripts/requirements.txt). Included from tests/CMakeLists.txt.
set(UTF8CORE_VENV_PYTHON "${UTF8CORE_VENV}/bin/python")
if(NOT TARGET utf8core_python OR NOT IVERILOG_EXECUTABLE OR NOT EXISTS "${UTF8CORE_VENV_PYTHON}")
  message(STATUS "cocotb benches not registered: they need the Python module, Icarus "
                 "and ${UTF8CORE_VENV_PYTHON} (scripts/bootstrap.sh)")
  return()
endif()

foreach(bench decoder wide_decoder)
  add_test(NAME cocotb.utf8_${bench}
    COMMAND ${UTF8CORE_VENV_PYTHON} ${CMAKE_SOURCE_DIR}/sim/cocotb/run_bench.py ${bench}
            --lanes 4 --build-dir ${CMAKE_BINARY_DIR}/cocotb)
  set_tests_properties(cocotb.utf8_${bench} PROPERTIES
    LABELS quick TIMEOUT 300
    ENVIRONMENT "PYTHONPATH=$<TARGET_FILE_DIR:utf8core_python>;PYTHONDONTWRITEBYTECODE=1")
endforeach()
