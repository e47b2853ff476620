"""The Python module's tests run against the build tree: CTest puts the folder
of the built module on PYTHONPATH (tests/python_module.cmake); the shared test
helpers are in tests/py."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "py"))
