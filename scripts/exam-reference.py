"""Independent reference values for src/shared/exam.test.ts (decisions 069–071). Not run in CI.

Computed with numpy/scipy only (no code shared with src/shared/exam.ts): EAP by adaptive quadrature
(scipy.integrate.quad over -inf..inf with the N(0, 1.5^2) prior), MLE by root finding on the score
function (scipy.optimize.brentq), Rasch information p(1-p), and the normal CDF (scipy.stats.norm).
Run: python3 scripts/exam-reference.py
"""
import numpy as np
from scipy import integrate, optimize, stats

PRIOR_SD = 1.5


def p(theta, b):
    return 1.0 / (1.0 + np.exp(-(theta - b)))


def likelihood(theta, pattern):
    out = 1.0
    for b, u in pattern:
        out *= p(theta, b) if u else 1.0 - p(theta, b)
    return out


def eap(pattern):
    post = lambda t: likelihood(t, pattern) * stats.norm.pdf(t, 0, PRIOR_SD)
    z = integrate.quad(post, -np.inf, np.inf, epsabs=1e-14, epsrel=1e-12)[0]
    m = integrate.quad(lambda t: t * post(t), -np.inf, np.inf, epsabs=1e-14, epsrel=1e-12)[0] / z
    v = integrate.quad(lambda t: (t - m) ** 2 * post(t), -np.inf, np.inf, epsabs=1e-14, epsrel=1e-12)[0] / z
    return m, np.sqrt(v)


def mle(pattern):
    score = lambda t: sum((1 if u else 0) - p(t, b) for b, u in pattern)
    t = optimize.brentq(score, -10, 10, xtol=1e-14)
    info = sum(p(t, b) * (1 - p(t, b)) for b, _ in pattern)
    return t, 1 / np.sqrt(info)


patterns = {
    "five mixed": [(-1, True), (-0.5, True), (0, False), (0.5, True), (1, False)],
    "all right": [(-2, True), (-1, True), (0, True)],
    "twenty": [((i % 5) - 2 + 0.1 * i - 1, i % 3 != 0) for i in range(20)],
    "empty": [],
}
for name, pat in patterns.items():
    m, s = eap(pat) if pat else (0.0, PRIOR_SD)
    print(f"EAP {name}: theta={m:.6f} se={s:.6f}")
    if pat and 0 < sum(u for _, u in pat) < len(pat):
        t, se = mle(pat)
        print(f"MLE {name}: theta={t:.6f} se={se:.6f}")
print("twenty pattern:", patterns["twenty"])
for theta, b in [(0, 0), (1, 0), (-0.5, 1.5)]:
    print(f"info theta={theta} b={b}: {p(theta, b) * (1 - p(theta, b)):.8f}")
for z in [-2, -0.5, 0, 0.3, 1.96]:
    print(f"Phi({z}) = {stats.norm.cdf(z):.8f}")
