"""The README's Python route: its `>>>` lines run as written (doctest), and its
shell lines are the ones the pip test (test_pip_install.py) performs."""

import doctest
import os
import re

README = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "README.md")


def python_section():
    text = open(README, encoding="utf-8").read()
    match = re.search(r"^### Python\n(.*?)(?=^##)", text, re.S | re.M)
    assert match, "README.md has no '### Python' section"
    # a code fence ends an example's expected output, as a blank line does
    return re.sub(r"^```.*$", "", match.group(1), flags=re.M)


def test_readme_examples_run():
    section = python_section()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(section, {}, "README.md ### Python", README, 0)
    assert len(test.examples) == 9  # a changed README changes this on purpose
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


def test_readme_shell_lines_are_the_pip_test():
    section = python_section()
    assert ".venv/bin/pip install ." in section
    assert "import utf8core; print(utf8core.decode(b'\\xc3\\xa9\\xff'))" in section
