// Inviting a friend: "Play a friend" on the home page copies the new table's
// link and leaves a note for the table page, which offers the link with Copy
// and, where the browser has one, Share (navigator.share) while a seat is free.
import { h } from './dom';
import { t } from './i18n';

const KEY = 'fourtable.invite';
const copiedHere = new Set<string>();

async function copy(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

export async function rememberInvite(id: string, url: string): Promise<void> {
  const copied = await copy(url);
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ id, copied }));
  } catch {
    // private mode: the table page simply offers the link without the note
  }
}

function copiedBefore(id: string): boolean {
  if (copiedHere.has(id)) return true;
  try {
    const note = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id?: string; copied?: boolean } | null;
    return note?.id === id && note.copied === true;
  } catch {
    return false;
  }
}

// The link to send, with Copy and Share; the table page shows it while it waits.
export function inviteBox(id: string, url: string): HTMLElement {
  const input = h('input', {
    type: 'text',
    readonly: true,
    value: url,
    id: 'invite-url',
    'aria-label': t('invite.link'),
  });
  const status = h(
    'p',
    { class: 'form-status', role: 'status', id: 'invite-status' },
    copiedBefore(id) ? t('invite.copied') : '',
  );
  const copyButton = h('button', { type: 'button', id: 'invite-copy' }, t('table.copy'));
  copyButton.addEventListener('click', async () => {
    const ok = await copy(url);
    if (ok) copiedHere.add(id);
    else input.select();
    status.textContent = ok ? t('invite.copied') : t('table.copy_failed');
  });
  const row = h('div', { class: 'row invite-row' }, input, copyButton);
  if (typeof navigator.share === 'function') {
    const share = h('button', { type: 'button', class: 'primary', id: 'invite-share' }, t('invite.share'));
    share.addEventListener('click', () => {
      navigator.share({ title: 'fourtable', text: t('invite.text'), url }).catch(() => undefined);
    });
    row.append(share);
  }
  return h('div', { class: 'invite', id: 'invite' }, row, status);
}
