"""`pip install .` from the source tree into a scratch virtual environment gives
a working module (docs/spec.md §10). Needs PyPI for the build requirements
(pyproject.toml) and compiles the model: labelled long."""

import os
import subprocess
import sys
import venv

SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))


def test_pip_install_from_source_tree(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = str(env_dir / "bin" / "python")
    # no PYTHONPATH: the module must come from the scratch environment, not the build tree
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    SOURCE], check=True, env=env, cwd=tmp_path)
    out = subprocess.run(
        [python, "-c", "import utf8core; print(utf8core.decode(b'\\xc3\\xa9\\xff'))"],
        check=True, env=env, cwd=tmp_path, capture_output=True, text=True).stdout
    assert out == "[(233, 0, 2, 'OK'), (65533, 2, 1, 'HEADER_BITS')]\n"
    where = subprocess.run([python, "-c", "import utf8core; print(utf8core.__file__)"],
                           check=True, env=env, cwd=tmp_path, capture_output=True,
                           text=True).stdout
    assert where.startswith(str(env_dir)), where
