"""Long calls release the GIL: another Python thread keeps running while the
model works. A call that kept the GIL would block the main thread's loop below
until it returned (a C call is not preempted by the interpreter's switch
interval), so the loop could only finish after the call."""

import random
import threading
import time

import utf8core


def runs_beside(call):
    done = {}

    def worker():
        call()
        done["t"] = time.perf_counter()

    t = threading.Thread(target=worker)
    t.start()
    time.sleep(0.02)  # let the worker take the GIL and enter the call
    n = 0
    for _ in range(2000):
        n += 1
    finished = time.perf_counter()
    t.join()
    return finished < done["t"]


def test_validate_releases_the_gil():
    # random bytes are error-dense: the model takes a tenth of a second or more
    data = random.Random(1).randbytes(8 << 20)
    assert runs_beside(lambda: utf8core.validate(data))


def test_decode_arrays_releases_the_gil():
    data = random.Random(2).randbytes(8 << 20)
    assert runs_beside(lambda: utf8core.decode_arrays(data))
