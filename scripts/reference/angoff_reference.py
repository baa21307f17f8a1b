"""Independent reference values for the modified-Angoff cut and its standard error (decision 109). Not run in CI.

The model is the exam's: P(right | theta, b, c) = c + (1 - c) * expit(theta - b), c the item's fixed guessing floor
(decision 097). The panel's cut solves sum_i P(theta, b_i, c_i) = sum_i mean_rating_i / 100 (scipy.optimize.brentq);
each panelist's own cut solves the same equation on their own ratings; SE = sample SD (ddof=1) of the panelists' cuts
/ sqrt(P). Impact: the share of the given abilities at or above the cut. Nothing is shared with
src/shared/standard-setting.ts (which bisects); its test pastes this script's output.
Run: python3 scripts/reference/angoff_reference.py
"""
import json

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit

# eight items: (b, c) as a study records them: rating-derived difficulties, single-answer floors 0.25, a multiple
# response 0.02, an ordering 0
ITEMS = [(-2.0, 0.25), (-1.0, 0.25), (0.0, 0.25), (1.0, 0.25), (2.0, 0.25), (0.0, 0.02), (-1.0, 0.0), (0.4, 0.25)]
# four panelists' round ratings, one per item
PANEL = {
    "p1": [90, 80, 60, 45, 30, 55, 70, 60],
    "p2": [85, 75, 65, 50, 35, 50, 75, 62],
    "p3": [95, 85, 70, 55, 40, 60, 80, 66],
    "p4": [80, 70, 55, 40, 25, 45, 65, 58],
}
# abilities of recent exam takers, for the impact share
THETAS = [-1.3, -0.4, 0.0, 0.2, 0.35, 0.5, 0.9, 1.4, 2.1, -2.0]


def expected(theta, items):
    return sum(c + (1 - c) * expit(theta - b) for b, c in items)


def cut(items, ratings):
    target = sum(ratings) / 100.0
    return brentq(lambda t: expected(t, items) - target, -8, 8, xtol=1e-14, rtol=1e-14, maxiter=500)


means = np.mean(np.array(list(PANEL.values()), dtype=float), axis=0)
panel_cut = cut(ITEMS, list(means))
own = {k: cut(ITEMS, v) for k, v in PANEL.items()}
vals = np.array(list(own.values()))
se = float(np.std(vals, ddof=1) / np.sqrt(len(vals)))
impact = float(np.mean(np.array(THETAS) >= panel_cut))
print(json.dumps({"cut": panel_cut, "se": se, "panelistCuts": own, "impact": impact}, indent=2))
