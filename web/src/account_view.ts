// The account panel (protocol 2.12), opened from the header of every page: a
// guest sets a password to keep its name, or logs in to a name it kept from
// another browser; a player with a password changes it or logs out. Logging
// in or out changes who this browser is, so the page reloads to reconnect
// as that player. The export of the player's games (protocol 2.13) is a link;
// an account's personal API tokens are tokens_view.ts's.
import { ApiError, call } from './api';
import { clear, h } from './dom';
import { errorMessage, t, type MessageKey } from './i18n';
import { bool, int, object, str, type Infer } from './schema';
import { tokensSection } from './tokens_view';

const readMe = object({ id: str, name: str, account: bool });
type Me = Infer<typeof readMe>;

const ACCOUNT_ERRORS = new Set([
  'bad_description',
  'bad_scopes',
  'too_many_tokens',
  'wrong_login',
  'wrong_password',
  'name_taken',
  'bad_password',
  'login_rate_limited',
  'has_password',
  'no_password',
  'not_logged_in',
]);

function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (ACCOUNT_ERRORS.has(err.code)) return t(`account.error.${err.code}` as MessageKey);
    return errorMessage(err.code, err.message);
  }
  return errorMessage('server_error', String(err));
}

function field(id: string, attrs: Record<string, string | number | boolean>): HTMLInputElement {
  return h('input', { id, name: id, required: true, ...attrs }) as HTMLInputElement;
}

function labelled(label: MessageKey, input: HTMLInputElement): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: input.id }, t(label)), input);
}

function password(id: string, autocomplete: string, fresh: boolean): HTMLInputElement {
  return field(id, {
    type: 'password',
    autocomplete,
    maxlength: 128,
    ...(fresh ? { minlength: 8 } : {}),
  });
}

export interface AccountControl {
  toggle: () => Promise<void>;
  relabel: () => void;
}

// The shell makes the button and the panel and loads this module on the
// first click (it is not needed to play, so the table page does not carry it).
export function mountAccount(button: HTMLButtonElement, panel: HTMLElement): AccountControl {
  let me: Me | null = null;
  let statusText = '';

  const status = () => h('p', { class: 'form-status', role: 'status', id: 'account-status' }, statusText);

  const form = (id: string, submit: MessageKey, inputs: HTMLElement[], act: () => Promise<void>) => {
    const f = h('form', { id, class: 'account-form' }, inputs, h('button', { type: 'submit' }, t(submit)));
    f.addEventListener('submit', async (e) => {
      e.preventDefault();
      const send = f.querySelector('button') as HTMLButtonElement;
      send.disabled = true;
      try {
        await act();
      } catch (err) {
        statusText = errorText(err);
        render();
      } finally {
        send.disabled = false;
      }
    });
    return f;
  };

  const guestView = (m: Me): HTMLElement[] => {
    const name = field('account-set-name', { type: 'text', maxlength: 24, autocomplete: 'username' });
    name.value = m.name;
    const pw = password('account-set-password', 'new-password', true);
    const loginName = field('account-login-name', { type: 'text', maxlength: 24, autocomplete: 'username' });
    const loginPw = password('account-login-password', 'current-password', false);
    return [
      h('h2', {}, t('account.keep.title')),
      h('p', { class: 'note' }, t('account.keep.intro')),
      form(
        'account-set',
        'account.set',
        [labelled('account.name', name), labelled('account.password', pw)],
        async () => {
          me = readMe(
            await call('POST', '/api/account/password', { name: name.value.trim(), password: pw.value }),
            'me',
          );
          statusText = t('account.set.done', { name: me.name });
          render();
        },
      ),
      h('h2', {}, t('account.login.title')),
      h('p', { class: 'note' }, t('account.login.intro')),
      form(
        'account-login',
        'account.login',
        [labelled('account.name', loginName), labelled('account.password', loginPw)],
        async () => {
          await call('POST', '/api/account/login', { name: loginName.value.trim(), password: loginPw.value });
          location.reload();
        },
      ),
    ];
  };

  const accountView = (m: Me): HTMLElement[] => {
    const old = password('account-old-password', 'current-password', false);
    const fresh = password('account-new-password', 'new-password', true);
    const logout = h('button', { type: 'button', id: 'account-logout' }, t('account.logout'));
    logout.addEventListener('click', async () => {
      try {
        await call('POST', '/api/account/logout');
        location.reload();
      } catch (err) {
        statusText = errorText(err);
        render();
      }
    });
    return [
      h('p', { id: 'account-who' }, t('account.signed_in', { name: m.name })),
      form(
        'account-change',
        'account.change',
        [labelled('account.old_password', old), labelled('account.new_password', fresh)],
        async () => {
          const r = object({ sessions_ended: int })(
            await call('POST', '/api/account/change-password', { old_password: old.value, new_password: fresh.value }),
            'change',
          );
          statusText = t('account.change.done', { count: r.sessions_ended });
          render();
        },
      ),
      logout,
      tokensSection(errorText),
    ];
  };

  function render(): void {
    clear(panel);
    panel.setAttribute('aria-label', t('account.title'));
    if (!me) return;
    panel.append(
      ...(me.account ? accountView(me) : guestView(me)),
      h('p', {}, h('a', { href: `/api/players/${me.id}/games`, download: '', id: 'export-games' }, t('export.games'))),
      status(),
    );
  }

  const toggle = async (): Promise<void> => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (!open) return;
    statusText = '';
    try {
      me = readMe(await call('GET', '/api/me'), 'me');
    } catch (err) {
      statusText = errorText(err);
    }
    render();
    panel.querySelector('input')?.focus();
  };
  button.addEventListener('click', () => void toggle());

  return {
    toggle,
    relabel: () => {
      button.textContent = t('account.open');
      render();
    },
  };
}
