"""Independent reference for the held-out evaluation of srs:evaluate / srs:optimize (decision 093).

Computed without ts-fsrs and without src/server/lib/srs-metrics.ts, with numpy and scipy: FSRS-6 from the published
formulas (tests/fixtures/srs/metrics_reference.py's FSRS6), srs-benchmark's dataset and outlier filter (features/base.py
with fsrs-optimizer's remove_outliers and remove_non_continuous_rows), sklearn's TimeSeriesSplit(5) written out, and the
metrics: log loss, RMSE, RMSE (bins) (utils.rmse_matrix) and AUC (scipy.stats.rankdata, the Mann-Whitney U, as sklearn's
roc_auc_score). Inputs: the generated logs with a known truth (tests/fixtures/srs/generated-revlog.csv, students whose
memory follows known weights) and the weights fsrs-rs fitted on each fold's earlier reviews
(tests/fixtures/srs/fold-weights.json). Output: tests/fixtures/srs/timesplit-reference.json, which
tests/api/srs-optimizer.test.ts compares with the TypeScript figures.
Run: python3 scripts/reference/srs_timesplit_reference.py"""
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from scipy.stats import rankdata

FIXTURES = Path(__file__).resolve().parents[2] / 'tests' / 'fixtures' / 'srs'
sys.path.insert(0, str(FIXTURES))
from metrics_reference import DEFAULT, FORGETFUL, RETENTIVE, FSRS6, rmse_bins  # noqa: E402


class SchedulerFSRS6(FSRS6):
    """FSRS-6 as the app's scheduler applies it (ts-fsrs 5.4.2): a first review's stability is at least 0.1 day
    (ts-fsrs's init_stability, max(w[G-1], 0.1)); fsrs-rs, which fits the weights, allows down to 0.001. The defaults'
    w[0] = 0.212 is above the floor; a fit's can be below it (the forgetful student's folds fit w[0] ≈ 0.03)."""

    def step(self, state, t, g):
        if state is None:
            s, d = super().step(None, t, g)
            return max(s, 0.1), d
        return super().step(state, t, g)


def dataset(logs):
    """srs-benchmark's rows: reviews at least a day after the card's previous one, with i, lapses and first rating."""
    hist = defaultdict(list)
    rows = []
    for order, (card, g, t) in enumerate(logs):
        h = hist[card]
        dt = 0 if not h else t
        if dt > 0:
            rows.append(dict(order=order, card=card, delta_t=dt, y=int(g > 1),
                             i=2 + sum(1 for k, (r, x) in enumerate(h) if k > 0 and x > 0),
                             lapse=sum(1 for r, x in h if x != 0 and r == 1), first_rating=h[0][0]))
        h.append((g, dt))
    # remove_outliers on the first long-term reviews of each first rating
    removed_cards = set()
    for fr in sorted({r['first_rating'] for r in rows if r['i'] == 2}):
        group = [r for r in rows if r['i'] == 2 and r['first_rating'] == fr]
        counts = defaultdict(int)
        for r in group:
            counts[r['delta_t']] += 1
        order = sorted(counts.items(), key=lambda kv: (kv[1], -kv[0]))
        total, removed, gone = len(group), 0, set()
        for dt, count in order:
            if removed + count >= max(total * 0.05, 20):
                if count < 6 or dt > (100 if fr != 4 else 365):
                    gone.add(dt)
                    removed += count
            else:
                gone.add(dt)
                removed += count
        removed_cards |= {r['card'] for r in group if r['delta_t'] in gone}
    # remove_non_continuous_rows: a card whose i = 2 row went loses every later row
    return [r for r in rows if r['card'] not in removed_cards]


def time_split(n, splits=5):
    size = n // (splits + 1)
    return [(n - (splits - k) * size, n - (splits - k) * size + size) for k in range(splits)] if size else []


def predict(logs, rows, w):
    model = SchedulerFSRS6(w)
    wanted = {r['order']: r for r in rows}
    state = {}
    out = []
    for order, (card, g, t) in enumerate(logs):
        if card in state:
            if order in wanted:
                r = wanted[order]
                out.append(dict(p=model.R(t, state[card][0]), y=r['y'], elapsed_days=t, i=r['i'], lapse=r['lapse']))
            state[card] = model.step(state[card], t, g)
        else:
            state[card] = model.step(None, 0, g)
    return out


def auc(q):
    y = np.array([x['y'] for x in q])
    p = np.array([x['p'] for x in q])
    pos = y == 1
    if pos.all() or not pos.any():
        return float('nan')
    ranks = rankdata(p)
    n1, n0 = pos.sum(), (~pos).sum()
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def metrics(q):
    y = np.array([x['y'] for x in q], dtype=float)
    p = np.array([x['p'] for x in q], dtype=float)
    eps = np.finfo(np.float64).eps
    pc = np.clip(p, eps, 1 - eps)
    return dict(n=len(q), logLoss=float(-np.mean(y * np.log(pc) + (1 - y) * np.log(1 - pc))),
                rmse=float(np.sqrt(np.mean((y - p) ** 2))), rmseBins=rmse_bins(q), auc=auc(q))


def held_out(logs, rows, weights_for):
    q = []
    for k, (start, end) in enumerate(time_split(len(rows))):
        q += predict(logs, rows[start:end], weights_for(k))
    return metrics(q)


logs = defaultdict(list)
with (FIXTURES / 'generated-revlog.csv').open() as f:
    for r in csv.DictReader(f):
        logs[r['student']].append((r['card'], int(r['grade']), int(r['elapsed_days'])))
folds = json.loads((FIXTURES / 'fold-weights.json').read_text())
truth = {'forgetful': FORGETFUL, 'retentive': RETENTIVE, 'beginner': FORGETFUL}

out = {}
for student, rows_ in logs.items():
    rows = dataset(rows_)
    split = time_split(len(rows))
    out[student] = dict(
        logs=len(rows_), rows=len(rows), removed=sum(1 for (c, g, t) in rows_) and None,
        split=[[s, e] for s, e in split],
        defaultHeldOut=held_out(rows_, rows, lambda k: DEFAULT),
        fittedHeldOut=held_out(rows_, rows, lambda k: folds[student][k] or DEFAULT),
        trueHeldOut=held_out(rows_, rows, lambda k: truth[student]),
    )
    del out[student]['removed']
    for label in ('defaultHeldOut', 'fittedHeldOut', 'trueHeldOut'):
        m = out[student][label]
        print(f"{student:10} {label:15} n={m['n']:4d} log_loss={m['logLoss']:.6f} rmse={m['rmse']:.6f} "
              f"rmse_bins={m['rmseBins']:.6f} auc={m['auc']:.6f}")
(FIXTURES / 'timesplit-reference.json').write_text(json.dumps(out, indent=1) + '\n')
