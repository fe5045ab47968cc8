"""NumPy's figures for the LinalgBenchmark cases, to run in the same sitting as the JMH run.

Prints µs per call (median of 5 timeit repeats, each autoranged): SVD (thin, vectors), QR (reduced),
eigh (vectors) and solve (one right-hand side) of n × n F64 and C128 matrices, and NumPy's batched
qr and solve of 1000 4×4 F64 matrices. One thread, as Ferrite's one-thread session:

    OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=SkylakeX python3 bench/numpy/linalg_peers.py 4,16,64,256,1024
"""
import sys, timeit
import numpy as np

rng = np.random.default_rng(0)

def mat(n, complex_):
    a = rng.uniform(-1, 1, (n, n))
    if complex_:
        a = a + 1j * rng.uniform(-1, 1, (n, n))
    return a

def herm(a):
    return (a + a.conj().T) / 2

def time_us(f):
    t = timeit.Timer(f)
    number, _ = t.autorange()
    number = max(1, number)
    runs = sorted(t.repeat(5, number))
    return runs[len(runs) // 2] / number * 1e6

sizes = [int(s) for s in (sys.argv[1].split(',') if len(sys.argv) > 1 else ['4', '16', '64', '256', '1024'])]
print("numpy", np.__version__)
for dt in ("F64", "C128"):
    for n in sizes:
        a = mat(n, dt == "C128") + n * np.eye(n)
        h = herm(mat(n, dt == "C128"))
        b = mat(n, dt == "C128")[:, 0]
        row = {
            "svd": time_us(lambda: np.linalg.svd(a, full_matrices=False)),
            "qr": time_us(lambda: np.linalg.qr(a)),
            "eigh": time_us(lambda: np.linalg.eigh(h)),
            "solve": time_us(lambda: np.linalg.solve(a, b)),
        }
        print(dt, n, " ".join(f"{k}={v:.3g}" for k, v in row.items()), flush=True)
batch = rng.uniform(-1, 1, (1000, 4, 4)) + 4 * np.eye(4)
rhs = rng.uniform(-1, 1, (1000, 4, 1))
print("batch 1000x4x4 F64 qr=%.4g solve=%.4g" % (time_us(lambda: np.linalg.qr(batch)),
                                                time_us(lambda: np.linalg.solve(batch, rhs))))
