/** token_hash and type from the query or the hash of the address (docs/product.md §2). */
export function readResetParams(location: { search: string; hash: string }): { token: string | null; type: string | null } {
  for (const source of [location.search, location.hash.replace(/^#/, '?')]) {
    const p = new URLSearchParams(source);
    if (p.get('token_hash') || p.get('type')) return { token: p.get('token_hash'), type: p.get('type') };
  }
  return { token: null, type: null };
}
