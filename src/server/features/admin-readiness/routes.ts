import { Hono } from 'hono';
import type { Context } from 'hono';
import { CONTENT_LEVELS } from '../../../shared/constants';
import type { ReadinessValidationResponse } from '../../../shared/contracts/readiness';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { recordAudit } from '../../lib/audit';
import { auditBy } from '../../lib/audit-by';
import { reportedResultsCount } from '../../domain/readiness/results';
import { latestValidation, MODEL_MAX_ECE, MODEL_MIN_N, runReadinessValidation } from '../../domain/readiness/validate';

async function overview(c: Context<AppEnv>, run: boolean): Promise<ReadinessValidationResponse> {
  const d = c.get('deps');
  const deps = { db: d.database.db, now: d.now };
  const levels = [];
  for (const level of CONTENT_LEVELS)
    levels.push({
      level,
      reported: await reportedResultsCount(deps, level),
      run: run ? await runReadinessValidation(deps, level) : await latestValidation(deps, level),
    });
  return { gate: { minN: MODEL_MIN_N, maxEce: MODEL_MAX_ECE }, levels };
}

/**
 * /api/admin/readiness: the pass prediction checked against reported NREMT results, per level — the latest run of
 * `readiness:validate`, and a run on demand (audited). Administrators only (docs/decisions/099-readiness-validated-on-reported-results.md).
 */
export const adminReadinessRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json(await overview(c, false)))
  .post('/validate', async (c) => {
    const out = await overview(c, true);
    await recordAudit(c.get('deps').database.db, {
      action: 'readiness.validate',
      ...auditBy(c),
      target: { type: 'readiness_validation', label: out.levels.map((l) => `${l.level} N ${l.run?.n ?? 0}`).join(', ') },
      after: Object.fromEntries(
        out.levels.map((l) => [l.level, { n: l.run?.n ?? 0, ece: l.run?.fitted?.ece ?? null, usable: l.run?.usable ?? false }]),
      ),
    });
    return c.json(out);
  });
