#!/usr/bin/env python3
"""Runs the README's "Use it in your project" blocks as written (CTest package.readme_routes).

Every ```sh block of that section runs, in order, in one bash process (set -e),
before its "### Python" subsection (the Python module's tests run that one)
in WORK, with UTF8CORE the source tree (whose build tree must be BUILD: the
README's "$UTF8CORE/build" is made to point there), PREFIX an empty folder,
the venv's fusesoc first on PATH and FuseSoC's configuration and caches kept in
WORK. The section must hold exactly the routes named in ROUTES, so a route
dropped from the README fails here too.

Usage: readme_routes.py SOURCE BUILD VENV WORK
"""
import os
import re
import shutil
import subprocess
import sys

ROUTES = ["fusesoc", "cmake --install", "verilator --binary"]


def section_blocks(readme: str):
    m = re.search(r"^## Use it in your project\n(.*?)^(?:## |### Python\n)", readme, re.S | re.M)
    if not m:
        raise SystemExit("readme_routes: no section 'Use it in your project' in README.md")
    return re.findall(r"^```sh\n(.*?)^```", m.group(1), re.S | re.M)


def main() -> int:
    source, build, venv, work = (os.path.abspath(a) for a in sys.argv[1:5])
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        blocks = section_blocks(f.read())
    if len(blocks) != len(ROUTES) or not all(b.startswith(r) for b, r in zip(blocks, ROUTES)):
        firsts = [b.splitlines()[0] if b else "" for b in blocks]
        print(f"readme_routes: the section's blocks start with {firsts}; expected, in order, {ROUTES}")
        return 1

    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "prefix"))
    # The README names the quick start's build folder, $UTF8CORE/build; the
    # build tree under test may be elsewhere, so UTF8CORE is a folder of links.
    clone = os.path.join(work, "clone")
    os.makedirs(clone)
    for name in os.listdir(source):
        if name != "build":
            os.symlink(os.path.join(source, name), os.path.join(clone, name))
    os.symlink(build, os.path.join(clone, "build"))

    env = dict(os.environ)
    env.update({
        "UTF8CORE": clone,
        "PREFIX": os.path.join(work, "prefix"),
        "PATH": os.path.join(venv, "bin") + os.pathsep + env.get("PATH", ""),
        "FUSESOC_CONFIG": os.path.join(work, "fusesoc.conf"),
        "XDG_CACHE_HOME": os.path.join(work, "xdg-cache"),
        "XDG_DATA_HOME": os.path.join(work, "xdg-data"),
        "XDG_CONFIG_HOME": os.path.join(work, "xdg-config"),
    })
    if shutil.which("ccache"):
        env["OBJCACHE"] = "ccache"  # Verilator's --build compiles through it
    for i, block in enumerate(blocks):
        print(f"--- README block {i + 1} ({ROUTES[i]}):\n{block}", flush=True)
        r = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=work, env=env)
        if r.returncode != 0:
            print(f"readme_routes: block {i + 1} ({ROUTES[i]}) failed with status {r.returncode}")
            return 1
    print(f"readme_routes: all {len(blocks)} blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
