# Tests of the Python module utf8core (python/), with pytest from the build
# tree's virtual environment (scripts/requirements.txt) against the module built
# in the build tree. Included from tests/CMakeLists.txt.
set(UTF8CORE_VENV_PYTHON "${UTF8CORE_VENV}/bin/python")
if(NOT TARGET utf8core_python)
  message(STATUS "Python module not built: its tests are not registered")
elseif(NOT EXISTS "${UTF8CORE_VENV_PYTHON}")
  message(STATUS "${UTF8CORE_VENV_PYTHON} not found (run scripts/bootstrap.sh): "
                 "the Python module's tests are not registered")
else()
  set(_pytest ${UTF8CORE_VENV_PYTHON} -m pytest -q -p no:cacheprovider)
  # UTF8CORE_BIN: the Arrow columns' test runs the program's RTL engine too
  set(_pyenv "PYTHONPATH=$<TARGET_FILE_DIR:utf8core_python>" PYTHONDONTWRITEBYTECODE=1
      "UTF8CORE_BIN=$<TARGET_FILE:utf8core>")
  add_test(NAME python_module
    COMMAND ${_pytest} --ignore=${CMAKE_CURRENT_SOURCE_DIR}/python_module/test_pip_install.py
            ${CMAKE_CURRENT_SOURCE_DIR}/python_module)
  set_tests_properties(python_module PROPERTIES LABELS quick ENVIRONMENT "${_pyenv}")
  # pip fetches the build requirements of pyproject.toml and compiles the model
  add_test(NAME python_module.pip_install
    COMMAND ${_pytest} ${CMAKE_CURRENT_SOURCE_DIR}/python_module/test_pip_install.py)
  set_tests_properties(python_module.pip_install PROPERTIES
    LABELS long ENVIRONMENT PYTHONDONTWRITEBYTECODE=1 TIMEOUT 900)
endif()
