// The player's challenges on every page (my_events.ts feeds it): one
// received shows who and what with Accept and Decline (with a reason), one
// sent shows that it waits, with Cancel; each that ended says how (declined
// and why, taken back, expired) until dismissed. When a challenge is
// accepted both players' pages go to its table.
import './challenge.css';
import { ApiError, call } from './api';
import { clear, h } from './dom';
import { errorMessage, t } from './i18n';
import { tc, type ChallengeKey } from './i18n/challenge';
import { nameText } from './player_name';
import type { Challenge, MyEvent } from './protocol';
import { clockText, variantKey } from './table_text';
import { variantLabel } from './variants';

export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'standard',
  'variant',
  'noBot',
  'onlyBot',
] as const;

interface Entry {
  c: Challenge;
  mine: boolean; // sent by this player
  stale: boolean; // open, not sent again since the socket reopened
  error: string;
}

const entries = new Map<string, Entry>();
let box: HTMLElement | null = null;

// "Classic · 5 min + 5 s · rated · match": what the challenge asks for.
export function challengeWhat(c: Challenge): string {
  const s = c.settings;
  return [
    t(variantLabel(variantKey(s))),
    clockText(s.clock),
    tc(s.rated ? 'challenge.rated' : 'challenge.casual'),
    tc(s.format === 'single' ? 'challenge.single' : 'challenge.match'),
  ].join(' · ');
}

function errorText(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e.code, e.message);
  return e instanceof Error ? e.message : String(e);
}

async function act(entry: Entry, path: string, body?: unknown): Promise<void> {
  entry.error = '';
  try {
    const r = (await call('POST', `/api/challenge/${entry.c.id}/${path}`, body)) as { url?: string };
    if (typeof r?.url === 'string') location.assign(r.url);
  } catch (e) {
    entry.error = tc('challenge.error', { error: errorText(e) });
  }
  draw();
}

function button(label: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = h('button', { type: 'button', class: cls }, label);
  b.addEventListener('click', onClick);
  return b;
}

// What an ended challenge says, from this player's side.
function endedText(e: Entry): string {
  const other = nameText(e.mine ? e.c.destUser : e.c.challenger);
  const key: ChallengeKey =
    e.c.status === 'declined'
      ? e.mine
        ? 'challenge.declined'
        : 'challenge.declined_you'
      : e.c.status === 'canceled'
        ? e.mine
          ? 'challenge.canceled_you'
          : 'challenge.canceled'
        : e.c.status === 'accepted'
          ? 'challenge.accepted'
          : e.mine
            ? 'challenge.expired_out'
            : 'challenge.expired_in';
  const reason = e.c.declineReasonKey ?? 'generic';
  const known = (DECLINE_REASONS as readonly string[]).includes(reason) ? reason : 'generic';
  return tc(key, { name: other, reason: tc(`challenge.reason.${known}` as ChallengeKey) });
}

function reasonSelect(id: string): HTMLSelectElement {
  const select = h('select', { id, class: 'challenge-reason' }) as HTMLSelectElement;
  for (const r of DECLINE_REASONS)
    select.append(h('option', { value: r }, tc(`challenge.reason.${r}` as ChallengeKey)));
  return select;
}

function item(e: Entry): HTMLElement {
  const c = e.c;
  const li = h('li', { class: `challenge challenge-${c.status}`, 'data-challenge': c.id });
  if (c.status !== 'open') {
    li.append(
      h('p', { class: 'challenge-text' }, endedText(e)),
      button(tc('challenge.dismiss'), 'challenge-dismiss', () => {
        entries.delete(c.id);
        draw();
      }),
    );
    return li;
  }
  if (e.mine) {
    li.append(
      h('p', { class: 'challenge-text' }, tc('challenge.sent', { name: nameText(c.destUser), what: challengeWhat(c) })),
      button(tc('challenge.cancel'), 'challenge-cancel', () => void act(e, 'cancel')),
    );
  } else {
    const reasonId = `reason-${c.id}`;
    const reason = reasonSelect(reasonId);
    li.append(
      h(
        'p',
        { class: 'challenge-text' },
        tc('challenge.incoming', { name: nameText(c.challenger), what: challengeWhat(c) }),
      ),
      h(
        'div',
        { class: 'challenge-actions' },
        button(tc('challenge.accept'), 'primary challenge-accept', () => void act(e, 'accept')),
        h('label', { for: reasonId, class: 'sr-only' }, tc('challenge.reason')),
        reason,
        button(tc('challenge.decline'), 'challenge-decline', () => void act(e, 'decline', { reason: reason.value })),
      ),
    );
  }
  if (e.error) li.append(h('p', { class: 'error', role: 'alert' }, e.error));
  return li;
}

function draw(): void {
  if (!box) return;
  // A select being used keeps its place: a redraw would close it.
  if (box.contains(document.activeElement) && document.activeElement instanceof HTMLSelectElement) return;
  clear(box);
  box.hidden = entries.size === 0;
  box.append(h('ul', {}, [...entries.values()].map(item)));
}

// Shows a challenge as it stands now (an event, or the answer to sending one).
export function showChallenge(c: Challenge, me: string): void {
  mountNotices();
  const old = entries.get(c.id);
  // The open challenges a socket is sent first may come after the live
  // event that ended one: an ended challenge stays ended.
  if (old && old.c.status !== 'open' && c.status === 'open') return;
  entries.set(c.id, { c, mine: c.challenger.id === me, stale: false, error: old?.error ?? '' });
  draw();
}

function onEvent(e: MyEvent, me: string): void {
  if (e.type === 'gameStart') {
    const challenge = e.game.challenge;
    const entry = challenge ? entries.get(challenge) : undefined;
    if (entry) entry.c = { ...entry.c, status: 'accepted', table: e.game.id };
    draw();
    if (challenge && location.pathname !== `/t/${e.game.id}`) location.assign(`/t/${e.game.id}`);
    return;
  }
  if (e.type === 'other') return;
  showChallenge(e.challenge, me);
}

// Open challenges not sent again within a few seconds of a reconnection
// ended while the socket was away: they go.
function reopened(): void {
  for (const e of entries.values()) if (e.c.status === 'open') e.stale = true;
  setTimeout(() => {
    for (const [id, e] of entries) if (e.stale) entries.delete(id);
    draw();
  }, 5000);
}

export function mountNotices(): { event: typeof onEvent; reopened: typeof reopened } {
  if (!box) {
    box = h('section', {
      id: 'challenges',
      class: 'challenge-notices',
      'aria-label': tc('challenge.region'),
      'aria-live': 'polite',
      hidden: true,
    });
    const header = document.querySelector('.site-header');
    if (header) header.after(box);
    else document.body.prepend(box);
  }
  return { event: onEvent, reopened };
}
