"""Independent reference values for src/server/domain/readiness/metrics.test.ts (decision 099). Not run in CI.

Generates a sample like the validation's (last practice-exam theta-hat and SE, log1p of the number of exams and of the
days to the sitting, a pass/fail outcome, and the engine's whole-percent chance, which has ties), then computes with
numpy/scipy only, sharing no code with metrics.ts:
- the penalised logistic fit: features standardised by the training sample (population SD), the objective
  -loglik + 0.5 * RIDGE * |slopes|^2 minimised by scipy.optimize.minimize (BFGS, analytic gradient, gtol 1e-12);
- Brier score (numpy), AUC as scipy.stats.mannwhitneyu's U / (n1 * n0) (ties counted half);
- reliability bins: np.argsort(kind='stable') then np.array_split into 10, the Wilson interval with
  scipy.stats.norm.ppf(0.975), and ECE = sum (n_b / N) |mean p_b - observed_b|.
Run: python3 scripts/reference/readiness_validation.py  (writes scripts/reference/readiness-validation.json)
"""
import json
import os

import numpy as np
from scipy import optimize, stats

RIDGE = 1.0
BINS = 10
rng = np.random.default_rng(20261202)


def sample(n):
    theta_true = rng.normal(0.2, 1.2, n)
    se = rng.uniform(0.22, 0.4, n)
    theta_hat = theta_true + rng.normal(0, se)
    exams = rng.integers(1, 8, n)
    days = rng.integers(0, 120, n)
    y = (theta_true + rng.normal(0, 0.3, n) > 0.4).astype(int)
    x = np.column_stack([theta_hat, se, np.log1p(exams), np.log1p(days)])
    chance = np.clip(np.round(stats.norm.cdf(theta_hat / se) * 100), 1, 99) / 100
    return x, y, chance


def fit(x, y):
    mean = x.mean(axis=0)
    sd = x.std(axis=0)
    z = np.column_stack([np.ones(len(x)), (x - mean) / sd])

    def f(b):
        eta = z @ b
        nll = np.sum(np.logaddexp(0, eta) - y * eta)
        return nll + 0.5 * RIDGE * np.sum(b[1:] ** 2)

    def g(b):
        p = 1 / (1 + np.exp(-(z @ b)))
        grad = z.T @ (p - y)
        grad[1:] += RIDGE * b[1:]
        return grad

    res = optimize.minimize(f, np.zeros(z.shape[1]), jac=g, method='BFGS', options={'gtol': 1e-12, 'maxiter': 10000})
    return mean, sd, res.x


def predict(mean, sd, coef, x):
    z = np.column_stack([np.ones(len(x)), (x - mean) / sd])
    return 1 / (1 + np.exp(-(z @ coef)))


def bins(p, y):
    order = np.argsort(p, kind='stable')
    z = stats.norm.ppf(0.975)
    out = []
    for i, idx in enumerate(np.array_split(order, BINS)):
        if len(idx) == 0:
            continue
        n = len(idx)
        k = y[idx].sum()
        ph = k / n
        centre = (ph + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        out.append({
            'bin': i + 1, 'n': int(n), 'from': float(p[idx[0]]), 'to': float(p[idx[-1]]),
            'meanPredicted': float(p[idx].mean()), 'observed': float(ph),
            'observedLow': float(max(0, centre - half)), 'observedHigh': float(min(1, centre + half)),
        })
    return out


def figures(p, y):
    table = bins(p, y)
    total = sum(b['n'] for b in table)
    ece = sum(b['n'] / total * abs(b['meanPredicted'] - b['observed']) for b in table)
    pos, neg = p[y == 1], p[y == 0]
    auc = stats.mannwhitneyu(pos, neg).statistic / (len(pos) * len(neg))
    return {'brier': float(np.mean((p - y) ** 2)), 'ece': float(ece), 'auc': float(auc), 'bins': table}


x_train, y_train, _ = sample(317)
x_test, y_test, chance_test = sample(143)
mean, sd, coef = fit(x_train, y_train)
p_test = predict(mean, sd, coef, x_test)
out = {
    'computedWith': 'numpy %s, scipy %s' % (np.__version__, __import__('scipy').__version__),
    'train': {'x': x_train.tolist(), 'y': y_train.tolist()},
    'test': {'x': x_test.tolist(), 'y': y_test.tolist(), 'chance': chance_test.tolist()},
    'model': {'mean': mean.tolist(), 'sd': sd.tolist(), 'coef': coef.tolist()},
    'predicted': p_test.tolist(),
    'fitted': figures(p_test, y_test),
    'naive': figures(chance_test, y_test),
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'readiness-validation.json')
with open(path, 'w') as fh:
    json.dump(out, fh, indent=1)
print('wrote', path, 'fitted', {k: out['fitted'][k] for k in ('brier', 'ece', 'auc')}, 'naive', {k: out['naive'][k] for k in ('brier', 'ece', 'auc')})
