"""NumPy (+ opt_einsum) peers of the tensor-network workload benchmarks (org.ferrite.bench.workloads).

The same algorithms as ferrite-examples' IsingTrg and TfimItebd, step for step, so that a run of
TrgWorkloadBenchmark / ItebdWorkloadBenchmark and this script in the same sitting compare the libraries:

- TRG for the 2D Ising model (Levin & Nave 2007) at T_c, J = 1: 20 coarse-graining steps, the plaquette
  contraction `lce,ubc,abr,ead->lurd` as a precompiled opt_einsum expression, truncated SVDs of χ² × χ²
  matrices. `--svd full` (the default) is what a NumPy user writes: np.linalg.svd and a slice;
  `--svd randomized` runs Ferrite's randomized SVD (Halko, Martinsson & Tropp 2011, p = 10, q = 2, QR
  after every product) written in NumPy, to separate the algorithm's gain from the library's.
- iTEBD for the transverse-field Ising chain at h = 1 (Vidal 2007): second-order Trotter, the schedule
  δ = 0.1, 0.01, 0.001 for 400, 400, 200 steps (1 000 steps), bond limit χ, Schmidt values below 1e-10 of
  the largest dropped; the step's einsum precompiled; np.linalg.svd of the 2χ × 2χ matrix. Only the
  evolution is timed (as in the JMH benchmark); its energy is measured afterwards.

Each case runs `--repeats` times after one warm-up run; the wall time of each run is taken with
time.perf_counter and the median printed. Every run's result is checked outside the timed region: the TRG
free energy against Onsager's (relative error below 1e-3) and the iTEBD energy against the exact one
(below 1e-4). One JSON object per case is printed on a line of its own, prefixed `RESULT `:

    OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=SkylakeX python3 bench/numpy/tn_workloads.py \
        --trg 8,16,24 --itebd 32 [--svd full|randomized] [--repeats 9]
"""
import argparse, json, platform, statistics, sys, time

import numpy as np
import opt_einsum as oe
from scipy import integrate, linalg

OVERSAMPLING, POWER_ITERATIONS = 10, 2
SCHMIDT_CUTOFF = 1e-10
T_C = 2 / np.log(1 + np.sqrt(2))


def onsager_free_energy(t):
    beta = 1.0 / t
    k = 1.0 / np.sinh(2 * beta) ** 2
    integrand = lambda th: np.log(np.cosh(2 * beta) ** 2 + np.sqrt(1 + k * k - 2 * k * np.cos(2 * th)) / k)
    value, _ = integrate.quad(integrand, 0, np.pi, epsabs=1e-14, epsrel=1e-14, limit=200)
    return -t * (np.log(2) / 2 + value / (2 * np.pi))


def tfim_energy(h):
    value, _ = integrate.quad(lambda k: np.sqrt(1 + h * h + 2 * h * np.cos(k)), 0, np.pi, epsabs=1e-14,
                              epsrel=1e-14, limit=200)
    return -value / np.pi


class Expressions:
    """opt_einsum expressions compiled once per subscripts and shapes (Ferrite's EinsumExpression)."""

    def __init__(self):
        self.compiled = {}

    def __call__(self, subscripts, *operands):
        key = (subscripts,) + tuple(o.shape for o in operands)
        expression = self.compiled.get(key)
        if expression is None:
            expression = self.compiled[key] = oe.contract_expression(subscripts, *(o.shape for o in operands))
        return expression(*operands)


def randomized_svd(a, r, rng):
    m, n = a.shape
    l = min(r + OVERSAMPLING, m, n)
    q, _ = np.linalg.qr(a @ rng.standard_normal((n, l)))
    for _ in range(POWER_ITERATIONS):
        w, _ = np.linalg.qr(a.T @ q)
        q, _ = np.linalg.qr(a @ w)
    u, s, vh = np.linalg.svd(q.T @ a, full_matrices=False)
    return (q @ u)[:, :r], s[:r], vh[:r]


def truncated_svd(m, chi, method, rng):
    k = min(chi, *m.shape)
    if method == 'randomized' and k >= 1 and k <= min(m.shape) // 2 - OVERSAMPLING and min(m.shape) >= 32:
        return randomized_svd(m, k, rng)
    u, s, vh = np.linalg.svd(m, full_matrices=False)
    return u[:, :k], s[:k], vh[:k]


def trg(temperature, chi, steps, method, expressions, rng):
    beta = 1.0 / temperature
    w = np.array([[np.sqrt(np.cosh(beta)), np.sqrt(np.sinh(beta))],
                  [np.sqrt(np.cosh(beta)), -np.sqrt(np.sinh(beta))]])
    t = np.einsum('sl,su,sr,sd->lurd', w, w, w, w)       # indices (l, u, r, d)
    log_z = 0.0
    for i in range(steps):
        c = np.abs(t).max()
        t = t / c
        log_z += np.log(c) / 2 ** i
        dl, du = t.shape[0], t.shape[1]

        def split(m):
            u, s, vh = truncated_svd(m, chi, method, rng)
            root = np.sqrt(s)
            return u * root, root[:, None] * vh

        # NumPy is row-major: (l,u) rows and (r,d) columns of t.reshape, as Ferrite's column-major (l,u)|(r,d)
        if i == 0:   # the site tensor splits exactly with rank 2 (as IsingTrg's first step): no SVD
            f = np.einsum('sx,sy->xys', w, w) / np.sqrt(c)
            f1 = f2 = f.reshape(4, 2)
            f3 = f4 = f.transpose(2, 0, 1).reshape(2, 4)
        else:
            f1, f3 = split(t.reshape(dl * du, dl * du))
            f2, f4 = split(t.transpose(1, 2, 3, 0).reshape(du * dl, du * dl))
        ka, kb = f1.shape[1], f2.shape[1]
        t = expressions('lce,ubc,abr,ead->lurd', f3.reshape(ka, dl, du), f4.reshape(kb, du, dl),
                        f1.reshape(dl, du, ka), f2.reshape(du, dl, kb))
    c = np.abs(t).max()
    t = t / c
    log_z += (np.log(c) + np.log(np.einsum('lulu->', t))) / 2 ** steps
    return -temperature * log_z


def bond_hamiltonian(h):
    x = np.array([[0., 1.], [1., 0.]])
    z = np.diag([1., -1.])
    one = np.eye(2)
    return (-np.kron(z, z) - h / 2 * (np.kron(x, one) + np.kron(one, x))).reshape(2, 2, 2, 2)


SCHEDULE = ((0.1, 400), (0.01, 400), (0.001, 200))


def itebd_evolve(h, chi, expressions):
    gammas = [np.zeros((1, 2, 1)), np.zeros((1, 2, 1))]
    gammas[0][0, 0, 0] = gammas[1][0, 0, 0] = 1
    lambdas = [np.ones(1), np.ones(1)]
    hm = bond_hamiltonian(h).reshape(4, 4)

    def apply(a, gate):
        b = 1 - a
        theta = expressions('a,akb,b,blc,c,ijkl->aijc', lambdas[b], gammas[a], lambdas[a], gammas[b], lambdas[b],
                            gate)
        kb = lambdas[b].shape[0]
        u, s, vh = np.linalg.svd(theta.reshape(kb * 2, 2 * kb), full_matrices=False)
        k = min(chi, int(np.count_nonzero(s > SCHMIDT_CUTOFF * s[0])))
        u, s, vh = u[:, :k], s[:k], vh[:k]
        lambdas[a] = s / np.sqrt(np.sum(s * s))
        gammas[a] = u.reshape(kb, 2, k) / lambdas[b][:, None, None]
        gammas[b] = vh.reshape(k, 2, kb) / lambdas[b][None, None, :]

    for dt, n in SCHEDULE:
        half = linalg.expm(-dt / 2 * hm).reshape(2, 2, 2, 2)
        full = linalg.expm(-dt * hm).reshape(2, 2, 2, 2)
        apply(0, half)
        for step in range(n):
            apply(1, full)
            apply(0, full if step < n - 1 else half)
    return gammas, lambdas


def itebd_energy(h, gammas, lambdas, expressions, tolerance=1e-11, iterations=20000):
    hamiltonian = bond_hamiltonian(h)
    energy = 0.0
    for a in (0, 1):
        b = 1 - a
        cell = expressions('aib,b,bjc,c->aijc', gammas[a], lambdas[a], gammas[b], lambdas[b])
        right, left = np.eye(cell.shape[3]), np.diag(lambdas[b] ** 2)
        for side in ('right', 'left'):
            for it in range(iterations):
                if side == 'right':
                    nxt = expressions('aijc,cd,bijd->ab', cell, right, cell)
                else:
                    nxt = expressions('ab,aijc,bijd->cd', left, cell, cell)
                nxt /= np.linalg.norm(nxt)
                old = right if side == 'right' else left
                done = it % 10 == 9 and np.linalg.norm(nxt - old) < tolerance
                if side == 'right':
                    right = nxt
                else:
                    left = nxt
                if done:
                    break
        energy += (expressions('ab,aijc,ijkl,bkld,cd->', left, cell, hamiltonian, cell, right)
                   / expressions('ab,aijc,bijd,cd->', left, cell, cell, right))
    return energy / 2


def median_ms(run, repeats):
    run()                                                  # warm-up: compiles the expressions
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append((time.perf_counter() - start) * 1e3)
        yield result
    median_ms.last = (statistics.median(times), times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--trg', default='8,16,24', help='TRG bond dimensions (empty: none)')
    parser.add_argument('--itebd', default='32', help='iTEBD bond dimensions (empty: none)')
    parser.add_argument('--svd', choices=('full', 'randomized'), default='full')
    parser.add_argument('--repeats', type=int, default=9)
    parser.add_argument('--steps', type=int, default=20)
    args = parser.parse_args()
    environment = {'numpy': np.__version__, 'opt_einsum': oe.__version__, 'python': platform.python_version(),
                   'machine': platform.processor() or platform.machine()}
    exact_f = onsager_free_energy(T_C)
    for chi in [int(c) for c in args.trg.split(',') if c]:
        expressions, rng = Expressions(), np.random.default_rng(7)
        for f in median_ms(lambda: trg(T_C, chi, args.steps, args.svd, expressions, rng), args.repeats):
            if not abs(f / exact_f - 1) < 1e-3:
                sys.exit(f'TRG chi={chi}: f={f} is not within 1e-3 of Onsager {exact_f}')
        med, times = median_ms.last
        print('RESULT ' + json.dumps(dict(case='trg', chi=chi, steps=args.steps, temperature=T_C, svd=args.svd,
                                          median_ms=round(med, 3), runs=len(times), free_energy=f,
                                          relative_error=abs(f / exact_f - 1), **environment)), flush=True)
    exact_e = tfim_energy(1.0)
    for chi in [int(c) for c in args.itebd.split(',') if c]:
        expressions = Expressions()
        for state in median_ms(lambda: itebd_evolve(1.0, chi, expressions), args.repeats):
            pass
        e = itebd_energy(1.0, *state, expressions)
        if not abs(e / exact_e - 1) < 1e-4:
            sys.exit(f'iTEBD chi={chi}: e={e} is not within 1e-4 of the exact {exact_e}')
        med, times = median_ms.last
        print('RESULT ' + json.dumps(dict(case='itebd', chi=chi, steps=sum(n for _, n in SCHEDULE), field=1.0,
                                          median_ms=round(med, 3), runs=len(times), energy=e,
                                          relative_error=abs(e / exact_e - 1), **environment)), flush=True)


if __name__ == '__main__':
    main()
