import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEGACY_WIRE_LAST_RELEASE } from '../src/shared/legacy-wire';

// docs/architecture.md §4: camelCase on the wire, snake_case in the database. Every zod schema a contract exports is
// walked, and a snake_case key in any object of it (a body, a query, an answer) fails here. The snake_case bodies older
// clients still send are not schemas but key maps, renamed before the schema runs (src/shared/legacy-wire.ts).
const folder = path.join(import.meta.dirname, '../src/shared/contracts');
const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const contracts: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(files.map(async (f) => [f, (await import(path.join(folder, f))) as Record<string, unknown>] as const)),
);

const snake = /[a-z0-9]_[a-z0-9]/i;

/** The object keys of a schema and of every schema inside it, each with where it was found. */
function keysOf(schema: z.ZodType, at: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, where: string) => (inner instanceof z.ZodType ? keysOf(inner, where, seen) : []);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => [`${at}.${key}`, ...walk(value, `${at}.${key}`)]);
    }
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o, i) => walk(o, `${at}|${i}`));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'pipe':
      return [...walk(def.in, at), ...walk(def.out, at)];
    case 'record':
      return walk(def.valueType, `${at}{}`);
    case 'tuple':
      return [...(def.items as z.ZodType[]).flatMap((t, i) => walk(t, `${at}[${i}]`)), ...walk(def.rest, `${at}[]`)];
    case 'lazy':
      return walk((def.getter as () => unknown)(), at);
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional… wrap one schema
      return walk(def.innerType, at);
  }
}

describe('the wire convention', () => {
  const schemas = Object.entries(contracts).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => ({ at: `${file}:${name}`, schema })),
  );

  it('finds the contracts and their schemas', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
    expect(schemas.length).toBeGreaterThan(100);
    // the walk reaches inside wrappers and pipes: a nested key of a preprocessed body is seen
    expect(schemas.flatMap((s) => keysOf(s.schema, s.at))).toContain('flashcards.ts:cardStateBody.review.clientId');
  });

  it('has no snake_case key in any request or answer of the JSON API', () => {
    const offending = schemas.flatMap((s) => keysOf(s.schema, s.at)).filter((path) => snake.test(path.split('.').at(-1)!));
    expect(offending).toEqual([]);
  });

  // LEGACY-WIRE: the snake_case bodies are accepted for one release only (decision 085).
  it('drops the legacy snake_case bodies after their last release', () => {
    const { version } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string };
    const parts = (v: string) => v.split('.').map(Number);
    const [a, b] = [parts(version), parts(LEGACY_WIRE_LAST_RELEASE)];
    const after = a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)));
    expect(after, `release ${version} is past ${LEGACY_WIRE_LAST_RELEASE}: delete src/shared/legacy-wire.ts and its uses`).toBe(false);
  });
});
