import { expect, type Page } from '@playwright/test';

/**
 * Keyboard audit of one screen or one open dialog: press Tab from the top until focus comes round
 * again, then report every visible interactive element Tab never reached, every focused element
 * without a visible focus indicator (an outline of 2 px or more with 3:1 contrast against what is
 * behind it, not clipped, not covered, or else a box-shadow that differs from the unfocused one), and
 * every element that reacts to clicks but is not a control (a `div` with `onClick`).
 */
export async function auditKeyboard(page: Page, screen: string, opts: { dialog?: boolean } = {}) {
  await page.evaluate(install);
  const scope = opts.dialog ? '[role=dialog],[role=alertdialog]' : undefined;
  const start = await page.evaluate((s) => window.__kb.begin(s), scope);
  const problems: string[] = [];
  const reached: string[] = [];
  const note = (f: Focus) => {
    reached.push(f.id);
    if (!f.inside) problems.push(`${f.label}: focus left the dialog`);
    if (f.problem) problems.push(`${f.label}: ${f.problem}`);
  };
  if (start) note(start); // a dialog focuses its first control when it opens
  let blank = 0;
  let sameStops = 0;
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate((s) => window.__kb.inspect(s), scope);
    if (f.kind === 'start') break;
    if (f.kind === 'none') {
      // past the last control focus goes to the browser once, then starts over at the top
      if (++blank > 2) {
        problems.push('focus was lost (nothing focused after Tab)');
        break;
      }
      continue;
    }
    if (f.id === reached[reached.length - 1]) {
      // a date or time input takes one Tab per field (month, day, year) inside the one element; more than that is a trap
      if (++sameStops <= 4) continue;
      problems.push(`${f.label}: focus stays on it (keyboard trap)`);
      break;
    }
    sameStops = 0;
    if (reached.includes(f.id)) {
      if (!scope) problems.push(`${f.label}: focus cycles without leaving the page (keyboard trap)`);
      break;
    }
    note(f);
  }
  if (scope && reached.length > 0) {
    // Shift+Tab from the first control wraps to the last one, still inside the dialog
    await page.evaluate((id) => (document.querySelector(`[data-kb="${id}"]`) as HTMLElement).focus(), reached[0]!);
    await page.keyboard.press('Shift+Tab');
    const back = await page.evaluate((s) => window.__kb.inspect(s), scope);
    if (back.kind !== 'element' || back.id !== reached[reached.length - 1])
      problems.push(`Shift+Tab from the first control went to ${back.kind === 'element' ? back.label : back.kind}, not the last`);
  }
  const { unreached, clickOnly } = await page.evaluate(({ ids, s }) => window.__kb.leftOut(ids, s), { ids: reached, s: scope });
  problems.push(
    ...unreached.map((l) => `${l}: never reached by Tab`),
    ...clickOnly.map((l) => `${l}: reacts to clicks but is not a control`),
  );
  expect(problems, `keyboard audit of ${screen} (${reached.length} stops)`).toEqual([]);
  expect(reached.length, `${screen} has something to reach`).toBeGreaterThan(0);
  return reached.length;
}

type Focus = { kind: 'element'; id: string; label: string; inside: boolean; problem: string | null };
type Inspected = { kind: 'start' } | { kind: 'none' } | Focus;

declare global {
  interface Window {
    __kb: {
      begin(scope?: string): Focus | null;
      inspect(scope?: string): Promise<Inspected>;
      leftOut(ids: string[], scope?: string): { unreached: string[]; clickOnly: string[] };
    };
  }
}

/** Runs in the page (serialised: nothing from outside this function). */
function install() {
  if (window.__kb) return;
  const INTERACTIVE = [
    'a[href]',
    'area[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    'iframe',
    'video[controls]',
    'audio[controls]',
    '[contenteditable=""]',
    '[contenteditable=true]',
    '[tabindex]',
    ...[
      'button',
      'link',
      'checkbox',
      'radio',
      'switch',
      'tab',
      'menuitem',
      'menuitemcheckbox',
      'menuitemradio',
      'option',
      'slider',
      'spinbutton',
      'combobox',
      'textbox',
      'searchbox',
    ].map((r) => `[role=${r}]`),
  ].join(',');
  const CONTROL = INTERACTIVE.replace(',[tabindex]', '');
  // widgets whose parts take focus by arrow keys (one Tab stop for the whole widget)
  const COMPOSITE = '[role=radiogroup],[role=tablist],[role=menu],[role=menubar],[role=listbox],[role=grid],[role=tree],[role=toolbar]';
  let counter = 0;
  const idOf = (el: Element) => ((el as HTMLElement).dataset.kb ??= String(++counter));
  const label = (el: Element) => {
    const text =
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ||
      el.getAttribute('placeholder') ||
      el.getAttribute('name') ||
      (el as HTMLElement).title ||
      '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${el instanceof HTMLInputElement ? ` type=${el.type}` : ''}> "${text}"`;
  };
  const shown = (el: Element) => {
    if (el.closest('[inert]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  /** Whether Tab must stop on this element (radio buttons of one group share one stop). */
  const mustReach = (el: Element) => {
    if (!el.matches(INTERACTIVE) || el.matches(':disabled') || !shown(el)) return false;
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && Number(tabindex) < 0) return el.matches(CONTROL) && !el.closest(COMPOSITE);
    return true;
  };
  const stopOf = (el: Element) => (el instanceof HTMLInputElement && el.type === 'radio' && el.name ? `radio:${el.name}` : idOf(el));

  const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  /** Any CSS colour as sRGB 0–255 with alpha 0–1 (the canvas converts oklch, color-mix, …). */
  const rgba = (css: string) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return { r: r!, g: g!, b: b!, a: a! / 255 };
  };
  type RGB = { r: number; g: number; b: number };
  const over = (top: RGB & { a: number }, below: RGB): RGB => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a),
  });
  /** The colour painted behind `el` (its own and its ancestors' backgrounds, blended). */
  const backdrop = (el: Element | null): RGB => {
    const layers: { r: number; g: number; b: number; a: number }[] = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c);
      if (c.a >= 0.99) break;
    }
    return layers.reduceRight<RGB>((below, top) => over(top, below), { r: 255, g: 255, b: 255 });
  };
  const luminance = ({ r, g, b }: RGB) => {
    const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const contrast = (a: RGB, b: RGB) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };
  const hex = ({ r, g, b }: RGB) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

  /** Why the focus on `el` cannot be seen, or null when it can. */
  const focusProblem = (el: HTMLElement): string | null => {
    if (el.tagName === 'VIDEO' || el.tagName === 'AUDIO') return null; // the browser's own media controls draw their focus
    const cs = getComputedStyle(el);
    const width = parseFloat(cs.outlineWidth);
    const offset = parseFloat(cs.outlineOffset);
    if (cs.outlineStyle !== 'none' && width >= 1) {
      const colour = rgba(cs.outlineColor);
      if (colour.a === 0) return 'transparent outline';
      if (width < 2) return `outline only ${cs.outlineWidth} wide`;
      const behind = backdrop(offset >= 0 ? el.parentElement : el);
      const ratio = contrast(over(colour, behind), behind);
      if (ratio < 3) return `focus outline ${hex(colour)} on ${hex(behind)}: contrast ${ratio.toFixed(2)}, under 3:1`;
      // the ring must not be cut off by a scrolling or clipping ancestor
      const r = el.getBoundingClientRect();
      const grow = Math.max(0, offset) + width - 1;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible' && s.clipPath === 'none') continue;
        const box = a.getBoundingClientRect();
        const [left, top] = [box.left + a.clientLeft, box.top + a.clientTop];
        const [right, bottom] = [left + a.clientWidth, top + a.clientHeight];
        const cut = [
          r.left - grow < left && 'left',
          r.top - grow < top && 'top',
          r.right + grow > right && 'right',
          r.bottom + grow > bottom && 'bottom',
        ].filter(Boolean);
        if (cut.length) return `focus outline cut off at the ${cut.join(', ')} by ${label(a)}`;
      }
      return null;
    }
    const before = el.dataset.kbShadow;
    if (cs.boxShadow !== 'none' && before !== undefined && before !== cs.boxShadow) return null;
    return `no visible focus indicator (outline ${cs.outlineStyle} ${cs.outlineWidth}, box-shadow ${cs.boxShadow})`;
  };

  /** Whether something else covers the focused element (a fixed bar, an overlay) or it is off screen. */
  const covered = (el: HTMLElement): string | null => {
    if (getComputedStyle(el).pointerEvents === 'none') return null;
    const r = el.getBoundingClientRect();
    const [vw, vh] = [document.documentElement.clientWidth, window.innerHeight];
    const [x0, x1, y0, y1] = [Math.max(r.left, 0), Math.min(r.right, vw), Math.max(r.top, 0), Math.min(r.bottom, vh)];
    if (x1 - x0 < 1 || y1 - y0 < 1) return 'focused but off screen';
    let hit: Element | null = null;
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.2, 0.2],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
    ] as const) {
      hit = document.elementFromPoint(x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy);
      if (hit && (el.contains(hit) || hit.contains(el) || [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit))))
        return null;
    }
    return `hidden behind ${hit ? label(hit) : 'nothing'}`;
  };

  const deepActive = () => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el as HTMLElement | null;
  };
  const settle = async (el: Element) => {
    const moving = el.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.race([Promise.all(moving.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1000))]);
    // smooth scrolling brings it into view: wait until it has stood still for three frames
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    let [last, still] = ['', 0];
    for (let i = 0; i < 90 && still < 3; i++) {
      await frame();
      const r = el.getBoundingClientRect();
      const now = `${r.x},${r.y},${r.width},${r.height}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
  };
  const describe = async (el: HTMLElement, scope?: string): Promise<Focus> => {
    await settle(el);
    return {
      kind: 'element',
      id: idOf(el),
      label: label(el),
      inside: !scope || !!el.closest(scope),
      problem: focusProblem(el) ?? covered(el),
    };
  };

  window.__kb = {
    begin(scope) {
      // how each control looks unfocused, to tell a focus box-shadow from a resting one
      for (const el of document.querySelectorAll<HTMLElement>(INTERACTIVE))
        if (el !== document.activeElement) el.dataset.kbShadow = getComputedStyle(el).boxShadow;
      if (scope) {
        const el = deepActive();
        return el && el !== document.body && el.closest(scope)
          ? { kind: 'element', id: idOf(el), label: label(el), inside: true, problem: null }
          : null;
      }
      // start from the top of the page: a focusable mark before everything else
      let mark = document.getElementById('kb-start');
      if (!mark) {
        mark = document.createElement('span');
        mark.id = 'kb-start';
        mark.tabIndex = 0;
        mark.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)';
        document.body.prepend(mark);
      }
      mark.focus();
      return null;
    },
    async inspect(scope) {
      const el = deepActive();
      if (!el || el === document.body || el === document.documentElement) return { kind: 'none' };
      if (el.id === 'kb-start') return { kind: 'start' };
      return describe(el, scope);
    },
    leftOut(ids, scope) {
      const root = scope ? document.querySelector(scope) : document.body;
      const reached = new Set<string>();
      for (const id of ids) {
        const el = document.querySelector(`[data-kb="${id}"]`);
        if (el) reached.add(stopOf(el));
      }
      const unreached = new Map<string, string>();
      for (const el of root?.querySelectorAll(INTERACTIVE) ?? []) {
        if (el.id === 'kb-start' || !mustReach(el)) continue;
        const stop = stopOf(el);
        if (!reached.has(stop) && !unreached.has(stop)) unreached.set(stop, label(el));
      }
      // React's click handlers on elements that are not controls: unreachable by keyboard
      const clickOnly: string[] = [];
      for (const el of root?.querySelectorAll('*') ?? []) {
        const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
        const props = key ? (el as unknown as Record<string, { onClick?: unknown }>)[key] : undefined;
        if (typeof props?.onClick !== 'function' || el.tagName === 'LABEL' || el.closest(CONTROL) || !shown(el)) continue;
        if (!el.matches(INTERACTIVE)) clickOnly.push(label(el));
      }
      return { unreached: [...unreached.values()], clickOnly };
    },
  };
}
