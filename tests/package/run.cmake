# cmake -P script for the test package.install (tests/package.cmake): installs
# the build tree into a fresh prefix, then configures, builds and runs the
# outside project beside this file against that prefix alone.
# In: BUILD_DIR, PREFIX, WORK, SOURCE (this folder), GENERATOR, CXX; FUSESOC
# (optional): the installed RTL folder must serve as a FuseSoC cores root too.
function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "package test: failed (${rc}): ${cmd}")
  endif()
endfunction()

file(REMOVE_RECURSE "${PREFIX}" "${WORK}")
# The install rules need the installed library built; nothing else is rebuilt.
step(${CMAKE_COMMAND} --build "${BUILD_DIR}" --target utf8core_model)
step(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}")
step(${CMAKE_COMMAND} -S "${SOURCE}" -B "${WORK}" -G "${GENERATOR}"
     -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${PREFIX}
     -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
step(${CMAKE_COMMAND} --build "${WORK}")
step("${WORK}/consumer")

if(FUSESOC)
  file(WRITE "${WORK}/fusesoc.conf" "")
  step(${FUSESOC} --config "${WORK}/fusesoc.conf" --cores-root "${PREFIX}/share/utf8core/rtl"
       run --clean --work-root "${WORK}/fusesoc-lint" --target=lint utf8core:ip:validator)
endif()
