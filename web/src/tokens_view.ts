// Personal API tokens on the account panel (docs/bot-api.md, "Tokens"): the
// account's tokens listed without their secrets, a form that makes one and
// shows its secret this once, and a button that revokes each. Programs send
// a token as `Authorization: Bearer`; this page only manages them.
import { call } from './api';
import { clear, h } from './dom';
import { t } from './i18n';
import { array, int, nullable, object, str, type Infer } from './schema';

const token = object({
  id: str,
  description: str,
  scopes: array(str),
  created_at: int,
  last_used_at: nullable(int),
});
type Token = Infer<typeof token>;
const readList = object({ tokens: array(token), max: int, scopes: array(str) });
const readMade = object({ id: str, token: str });

const SCOPES = ['bot:play', 'challenge:write'] as const;

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

// The section; `describe` words an error for its status line.
export function tokensSection(describe: (err: unknown) => string): HTMLElement {
  const section = h('section', { id: 'tokens', 'aria-labelledby': 'tokens-title' });
  let tokens: Token[] = [];
  let secret = '';
  let problem = '';

  const act = async (f: () => Promise<void>) => {
    problem = '';
    try {
      await f();
    } catch (err) {
      problem = describe(err);
      render();
    }
  };
  const load = async () => {
    tokens = readList(await call('GET', '/api/account/tokens'), 'tokens').tokens;
    render();
  };

  const row = (tk: Token) => {
    const revoke = h('button', { type: 'button', class: 'token-revoke' }, t('tokens.revoke'));
    revoke.addEventListener('click', () =>
      act(async () => {
        await call('DELETE', `/api/account/tokens/${encodeURIComponent(tk.id)}`);
        secret = '';
        await load();
      }),
    );
    const used = tk.last_used_at === null ? t('tokens.never_used') : t('tokens.used', { day: day(tk.last_used_at) });
    return h(
      'li',
      { class: 'token', 'data-token-id': tk.id },
      h('strong', { class: 'token-description' }, tk.description),
      ' ',
      h('span', { class: 'token-scopes' }, tk.scopes.join(', ')),
      h('br'),
      h('span', { class: 'note' }, `${t('tokens.made', { day: day(tk.created_at) })} · ${used}`),
      ' ',
      revoke,
    );
  };

  const form = () => {
    const description = h('input', {
      id: 'token-description',
      name: 'token-description',
      type: 'text',
      maxlength: 100,
      required: true,
    }) as HTMLInputElement;
    const boxes = SCOPES.map((s) => {
      const box = h('input', {
        type: 'checkbox',
        id: `token-scope-${s.replace(':', '-')}`,
        value: s,
      }) as HTMLInputElement;
      box.checked = s === 'bot:play';
      return box;
    });
    const f = h(
      'form',
      { id: 'token-new', class: 'account-form' },
      h('div', { class: 'field' }, h('label', { for: description.id }, t('tokens.description')), description),
      h(
        'fieldset',
        {},
        h('legend', {}, t('tokens.scopes')),
        boxes.map((b) => h('label', { for: b.id }, b, ` ${b.value}`)),
      ),
      h('button', { type: 'submit' }, t('tokens.make')),
    );
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      void act(async () => {
        const scopes = boxes.filter((b) => b.checked).map((b) => b.value);
        const made = readMade(
          await call('POST', '/api/account/tokens', { description: description.value.trim(), scopes }),
          'token',
        );
        secret = made.token;
        await load();
      });
    });
    return f;
  };

  function render(): void {
    clear(section);
    section.append(h('h2', { id: 'tokens-title' }, t('tokens.title')), h('p', { class: 'note' }, t('tokens.intro')));
    if (secret)
      section.append(h('p', { id: 'token-secret', role: 'status' }, t('tokens.secret'), ' ', h('code', {}, secret)));
    section.append(
      tokens.length
        ? h('ul', { id: 'tokens-list' }, tokens.map(row))
        : h('p', { id: 'tokens-none', class: 'note' }, t('tokens.none')),
      form(),
      h('p', { class: 'form-status', role: 'status', id: 'tokens-status' }, problem),
    );
  }

  render();
  void act(load);
  return section;
}
