"""The scratch directory of one run of a bench tool: its configs, logs, recordings and keys.

Made 0700 by mkdtemp and removed when the tool's process ends: normally, by an uncaught exception or by Ctrl-C
(atexit runs on each), so repeated runs leave nothing in the temp dir. The tools stop their servers before they
return, so nothing still writes there by then.
"""
import atexit, shutil, tempfile


def scratch_dir(prefix):
    """A new directory named from prefix under the temp dir, removed with all it holds when this process exits."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path
