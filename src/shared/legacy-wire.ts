// The request bodies older clients sent in snake_case (decision 085), kept for one release. Writes a student made
// offline wait in the device's outboxes (src/client/lib/outbox.ts) and replay after the upgrade in the shape they
// were queued in, and a tab opened before the upgrade keeps sending the old shape until it reloads. So each body
// that was snake_case takes its old keys too: its contract renames them here (a z.preprocess) before its own
// schema checks the body, and the client renames what it reads back from its queues. Zod-free: the client's
// tracker, in the first download, needs it.

/**
 * LEGACY-WIRE: the last release that accepts the snake_case bodies. In the release after it, delete this file and
 * the `renameLegacyKeys` calls (`git grep LEGACY-WIRE`); scripts/wire-convention.test.ts fails once
 * package.json's version has passed it.
 */
export const LEGACY_WIRE_LAST_RELEASE = '0.2.0';

/** Old key → new key; an object value also renames the keys of the object (or of each element of the array) under it. */
export type LegacyKeyMap = { readonly [oldKey: string]: string | { readonly to: string; readonly keys: LegacyKeyMap } };

/**
 * The value with its legacy keys renamed. A key whose new name is also present is left as it is, so the strict
 * schema refuses a body that mixes the two shapes instead of one of them silently winning.
 */
export function renameLegacyKeys(value: unknown, map: LegacyKeyMap): unknown {
  if (Array.isArray(value)) return value.map((v) => renameLegacyKeys(v, map));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source)) {
    const rule = Object.hasOwn(map, key) ? map[key] : undefined;
    const to = rule === undefined ? key : typeof rule === 'string' ? rule : rule.to;
    if (to !== key && Object.hasOwn(source, to)) out[key] = v;
    else out[to] = rule !== undefined && typeof rule !== 'string' ? renameLegacyKeys(v, rule.keys) : v;
  }
  return out;
}

/** PUT /api/flashcards/:id/state (src/shared/contracts/flashcards.ts), and the deck outbox's queued writes. */
export const legacyCardStateKeys: LegacyKeyMap = {
  is_flagged: 'isFlagged',
  is_correct: 'isCorrect',
  is_wrong: 'isWrong',
  review: { to: 'review', keys: { client_id: 'clientId', reviewed_at: 'reviewedAt' } },
};

/** One usage event (src/shared/event-schema.ts), as the tracker's queue kept it. */
export const legacyUsageEventKeys: LegacyKeyMap = {
  feature_type: 'featureType',
  feature_id: 'featureId',
  action_type: 'actionType',
  duration_seconds: 'durationSeconds',
  total_items: 'totalItems',
  completion_percentage: 'completionPercentage',
  created_at: 'createdAt',
};

/** POST /api/events: the batch. */
export const legacyEventBatchKeys: LegacyKeyMap = { events: { to: 'events', keys: legacyUsageEventKeys } };

/** POST /api/admin/codes, PUT /api/admin/codes/:id and PATCH /api/admin/codes/:id/active (src/shared/contracts/admin-codes.ts). */
export const legacyCouponKeys: LegacyKeyMap = { duration_type: 'durationType', is_active: 'isActive', usage_limit: 'usageLimit' };
