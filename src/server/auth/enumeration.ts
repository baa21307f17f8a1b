/**
 * With e-mail verification on, Better Auth answers a sign-up for an address that already has an
 * account with a made-up user, but that one lacks what our database hooks add (role, device type,
 * the name built from first and last name), so the two answers told existing addresses apart. Every
 * successful sign-up answer is rebuilt here to one fixed shape, from values both kinds share.
 */
/** A JSON string field, or the fallback when it is missing or not a string. */
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export async function uniformSignUpResponse(res: Response, requestBody: string | undefined, now: Date): Promise<Response> {
  if (res.status !== 200) return res;
  const answer = (await res.json().catch(() => null)) as { user?: Record<string, unknown> } | null;
  const user = answer?.user ?? {};
  let input: Record<string, unknown> = {};
  try {
    input = JSON.parse(requestBody ?? '{}') as Record<string, unknown>;
  } catch {
    /* Better Auth has refused a body that does not parse before this */
  }
  const name = `${text(input.firstName).trim()} ${text(input.lastName).trim()}`.trim();
  const body = {
    token: null,
    user: {
      id: text(user.id),
      email: text(user.email),
      name,
      image: null,
      emailVerified: false,
      createdAt: text(user.createdAt, now.toISOString()),
      updatedAt: text(user.updatedAt, now.toISOString()),
    },
  };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: 200, headers });
}
