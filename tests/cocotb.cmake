# cocotb benches (sim/cocotb/) under Icarus, run by sim/cocotb/run_bench.py
# with the build tree's virtual environment (scripts/requirements.txt: cocotb,
# cocotbext-axi). Included from tests/CMakeLists.txt. Label quick.
#   cocotb.utf8_kernel_w64, cocotb.utf8_kernel_w512: the memory-mapped kernel
#       at DATA_WIDTH 64 and 512 as an outside client drives it (AxiLiteMaster,
#       AxiRam, offsets and masks from host/utf8_kernel_regs.h), checked
#       against CPython's UTF-8 codec; the 512-bit run takes a quarter of the
#       texts. Always registered: without the venv they run under the system
#       Python, and run_bench.py skips (exit 77) with the reason when cocotb or
#       Icarus is missing.
#   cocotb.utf8_decoder, cocotb.utf8_wide_decoder: the scalar decoder and the
#       wide decoder at LANES 4, AxiStreamSource with random gaps,
#       AxiStreamSink with random backpressure, expected units from the Python
#       module utf8core built in this tree; registered only with that module,
#       Icarus and the venv.
set(UTF8CORE_VENV_PYTHON "${UTF8CORE_VENV}/bin/python")
if(EXISTS "${UTF8CORE_VENV_PYTHON}")
  set(UTF8CORE_COCOTB_PYTHON "${UTF8CORE_VENV_PYTHON}")
else()
  set(UTF8CORE_COCOTB_PYTHON "${Python3_EXECUTABLE}")
endif()

foreach(width 64 512)
  add_test(NAME cocotb.utf8_kernel_w${width}
    COMMAND ${UTF8CORE_COCOTB_PYTHON} ${CMAKE_SOURCE_DIR}/sim/cocotb/run_bench.py kernel
            --data-width ${width} --build-dir ${CMAKE_BINARY_DIR}/cocotb)
  set_tests_properties(cocotb.utf8_kernel_w${width} PROPERTIES
    LABELS quick TIMEOUT 300 SKIP_RETURN_CODE 77
    ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endforeach()

if(NOT TARGET utf8core_python OR NOT IVERILOG_EXECUTABLE OR NOT EXISTS "${UTF8CORE_VENV_PYTHON}")
  message(STATUS "cocotb benches of the decoders not registered: they need the Python "
                 "module, Icarus and ${UTF8CORE_VENV_PYTHON} (scripts/bootstrap.sh)")
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
