"""Independent reference values for the exam's scoring with a fixed guessing floor (decision 097). Not run in CI.

The model: P(right | theta, b, c) = c + (1 - c) / (1 + exp(-(theta - b))), with c fixed per item, and the ability prior
N(0, 1.5^2). Computed with numpy/scipy only, nothing shared with src/shared/exam.ts: the EAP and the posterior SD by
adaptive quadrature over the whole line (scipy.integrate.quad), item information P'^2 / (P Q) with P' from a central
finite difference (so the closed form in exam.ts is checked, not copied).
Run: python3 scripts/reference/exam-guessing-reference.py > scripts/reference/exam-guessing-fixtures.json && npx prettier --write scripts/reference/exam-guessing-fixtures.json
"""
import json

import numpy as np
from scipy import integrate, stats

PRIOR_SD = 1.5
np.seterr(over="ignore")  # exp overflows to inf far out on the line, where P is exactly c


def p(theta, b, c):
    return c + (1.0 - c) / (1.0 + np.exp(-(theta - b)))


def likelihood(theta, pattern):
    out = 1.0
    for b, c, u in pattern:
        out *= p(theta, b, c) if u else 1.0 - p(theta, b, c)
    return out


def eap(pattern):
    post = lambda t: likelihood(t, pattern) * stats.norm.pdf(t, 0, PRIOR_SD)
    opts = dict(epsabs=1e-14, epsrel=1e-12, limit=200)
    z = integrate.quad(post, -np.inf, np.inf, **opts)[0]
    m = integrate.quad(lambda t: t * post(t), -np.inf, np.inf, **opts)[0] / z
    v = integrate.quad(lambda t: (t - m) ** 2 * post(t), -np.inf, np.inf, **opts)[0] / z
    return m, float(np.sqrt(v))


def information(theta, b, c, h=1e-5):
    d = (p(theta + h, b, c) - p(theta - h, b, c)) / (2 * h)
    q = p(theta, b, c)
    return d * d / (q * (1 - q))


# (b, c, right): four-option single-answer items (c = 1/4), multiple response (c = 0.02), orderings and tables (c = 0)
patterns = {
    "five mixed, four options": [(-1, 0.25, True), (-0.5, 0.25, True), (0, 0.25, False), (0.5, 0.25, True), (1, 0.25, False)],
    "all wrong, four options": [(-1, 0.25, False), (0, 0.25, False), (1, 0.25, False)],
    "all right, mixed types": [(0.5, 0.25, True), (1, 0.02, True), (1.5, 0, True)],
    "twenty, mixed types": [
        ((i % 5) - 2 + 0.1 * i - 1, [0.25, 0.2, 0.02, 0][i % 4], i % 3 != 0) for i in range(20)
    ],
}
out = {"prior_sd": PRIOR_SD, "eap": [], "information": []}
for name, pat in patterns.items():
    m, s = eap(pat)
    out["eap"].append({"name": name, "pattern": [[b, c, u] for b, c, u in pat], "theta": m, "se": s})
for theta, b, c in [(0, 0, 0.25), (1, 0, 0.25), (-0.5, 1.5, 0.2), (0.3, 0.3, 0.02), (2, -1, 0.25)]:
    out["information"].append({"theta": theta, "b": b, "c": c, "info": information(theta, b, c)})
print(json.dumps(out, indent=2))
