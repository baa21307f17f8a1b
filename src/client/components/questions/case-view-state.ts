import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@shared/constants';
import { local } from '../../lib/storage';

/** What the device remembers of a case set: the item that first showed it, and the student's own choice to open or close it. */
interface CaseViewState {
  first: string;
  open?: boolean;
}
type CaseViews = Record<string, CaseViewState>;
/** More case sets than the bank has (about 80): the oldest are forgotten first. */
const MAX_REMEMBERED = 200;

function read(): CaseViews {
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.caseViews) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CaseViews) : {};
  } catch {
    return {};
  }
}
function write(views: CaseViews) {
  const keys = Object.keys(views);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete views[key];
  local.set(STORAGE_KEYS.caseViews, JSON.stringify(views));
}

/**
 * Whether a case's text is open above this item (docs/product.md §10.4): open on the set's first item, collapsed on the later
 * ones (the student has read it; the latest update stays in view), and once the student opens or closes it, that choice holds
 * for the rest of the set, on this device.
 */
export function openOnArrival(caseKey: string, itemKey: string): boolean {
  const views = read();
  const seen = views[caseKey];
  if (!seen) {
    views[caseKey] = { first: itemKey };
    write(views);
    return true;
  }
  return seen.open ?? seen.first === itemKey;
}

export function rememberCaseOpen(caseKey: string, itemKey: string, open: boolean) {
  const views = read();
  views[caseKey] = { first: views[caseKey]?.first ?? itemKey, open };
  write(views);
}

/** The case's open state for this item (the component is keyed by item), and a setter that remembers the student's choice for the set. */
export function useCaseOpen(caseKey: string, itemKey: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => openOnArrival(caseKey, itemKey));
  const set = useCallback(
    (next: boolean) => {
      setOpen(next);
      rememberCaseOpen(caseKey, itemKey, next);
    },
    [caseKey, itemKey],
  );
  return [open, set];
}
