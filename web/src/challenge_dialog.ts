// The profile's "Challenge" dialog: the game and variant, match or one game,
// the clock, rated or casual; sent as POST /api/challenge/<player> with the
// fields of a new table (protocol 2.3). Two-player variants only: a
// challenge is between two players. The sent challenge then shows in the
// page's notice (challenge_notice.ts) until it is answered or expires.
import { ApiError, call, clockOf, gameOf, getMe, type CreateTable } from './api';
import { showChallenge } from './challenge_notice';
import { h } from './dom';
import { errorMessage, t } from './i18n';
import { tc } from './i18n/challenge';
import { nameText, type Named } from './player_name';
import { readChallenge } from './protocol';
import { variantInfo, variantLabel, VARIANTS } from './variants';

function field(label: string, control: HTMLElement, id: string): HTMLElement {
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

function numberInput(min: number, max: number, value: number): HTMLInputElement {
  return h('input', { type: 'number', min, max, value, step: 1, required: true }) as HTMLInputElement;
}

interface Controls {
  variant: HTMLSelectElement;
  format: HTMLSelectElement;
  clockKind: HTMLSelectElement;
  minutes: HTMLInputElement;
  increment: HTMLInputElement;
  perMove: HTMLInputElement;
  rated: HTMLInputElement;
}

function request(c: Controls): CreateTable {
  const v = c.variant.value;
  const req = gameOf(v);
  if (variantInfo(v)?.format !== 'single') req.format = c.format.value as 'match' | 'single';
  req.clock = clockOf(c.clockKind.value, c.minutes.value, c.increment.value, c.perMove.value);
  req.rated = !c.rated.disabled && c.rated.checked;
  return req;
}

export function openChallengeDialog(player: Named & { id: string }, opener: HTMLElement): void {
  const variant = h('select') as HTMLSelectElement;
  for (const v of VARIANTS.filter((x) => x.seats === 2))
    variant.append(h('option', { value: v.key }, t(variantLabel(v.key))));
  variant.append(h('option', { value: 'twicefour' }, t('variant.twicefour')));
  const format = h('select') as HTMLSelectElement;
  format.append(
    h('option', { value: 'match' }, t('create.format.match')),
    h('option', { value: 'single' }, t('create.format.single')),
  );
  const clockKind = h('select') as HTMLSelectElement;
  clockKind.append(
    h('option', { value: 'fischer' }, `${t('create.minutes')} + ${t('create.increment')}`),
    h('option', { value: 'per_move' }, t('create.per_move')),
  );
  const c: Controls = {
    variant,
    format,
    clockKind,
    minutes: numberInput(1, 120, 5),
    increment: numberInput(0, 60, 5),
    perMove: numberInput(5, 600, 30),
    rated: h('input', { type: 'checkbox', checked: true, id: 'ch-rated' }) as HTMLInputElement,
  };
  const fischer = h(
    'div',
    { class: 'row' },
    field(t('create.minutes'), c.minutes, 'ch-minutes'),
    field(t('create.increment'), c.increment, 'ch-increment'),
  );
  const perMove = field(t('create.per_move'), c.perMove, 'ch-permove');
  const formatField = field(t('create.format'), format, 'ch-format');
  const sync = () => {
    const single = variantInfo(variant.value)?.format === 'single';
    formatField.hidden = single;
    if (variant.value === 'twicefour') clockKind.value = 'per_move';
    fischer.hidden = clockKind.value !== 'fischer';
    perMove.hidden = clockKind.value !== 'per_move';
    const canRate = !single && format.value === 'match';
    c.rated.disabled = !canRate;
    if (!canRate) c.rated.checked = false;
  };
  for (const x of [variant, format, clockKind]) x.addEventListener('change', sync);
  sync();

  const status = h('p', { class: 'form-status', role: 'status' });
  const send = h('button', { type: 'submit', class: 'primary', id: 'challenge-send' }, tc('challenge.send'));
  const close = h('button', { type: 'button', id: 'challenge-close' }, tc('challenge.close'));
  const form = h(
    'form',
    { method: 'dialog' },
    h('h2', { id: 'challenge-title' }, tc('challenge.title', { name: nameText(player) })),
    field(t('create.variant'), variant, 'ch-variant'),
    formatField,
    field(t('create.clock'), clockKind, 'ch-clock'),
    fischer,
    perMove,
    h('div', { class: 'field check' }, c.rated, h('label', { for: 'ch-rated' }, t('create.rated'))),
    h('p', { class: 'muted' }, tc('challenge.expiry_note')),
    h('div', { class: 'buttons' }, send, close),
    status,
  );
  const dialog = h('dialog', { class: 'challenge-dialog', 'aria-labelledby': 'challenge-title' }, form);
  const done = () => {
    dialog.close();
    dialog.remove();
    opener.focus();
  };
  close.addEventListener('click', done);
  dialog.addEventListener('cancel', () => setTimeout(done));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    send.disabled = true;
    try {
      const me = await getMe();
      const made = readChallenge(await call('POST', `/api/challenge/${player.id}`, request(c)), 'challenge');
      showChallenge(made, me.id);
      done();
    } catch (err) {
      const text = err instanceof ApiError ? errorMessage(err.code, err.message) : String(err);
      status.textContent = tc('challenge.error', { error: text });
      send.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  variant.focus();
}
