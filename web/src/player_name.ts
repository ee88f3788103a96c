// A player's name as every page shows it: the name and, for a bot account
// (docs/bot-api.md, "Bot accounts"; the API's `bot` flag beside every name
// it gives), the BOT tag beside it. The tag is written BOT in every language,
// as lichess writes it; its title says in the reader's language what it
// means. Sentences, titles and spoken announcements take the plain text.
import { h } from './dom';
import { t } from './i18n';

export interface Named {
  name: string;
  // Absent from servers before the flag (and for a name the page made up).
  bot?: boolean;
}

// The tag alone.
export function botTag(): HTMLElement {
  return h('abbr', { class: 'bot-tag', title: t('player.bot') }, 'BOT');
}

// The name and, for a bot, its tag: children for h().
export function nameNodes(p: Named): (string | Node)[] {
  return p.bot ? [p.name, ' ', botTag()] : [p.name];
}

// The name as plain text: "Deep Column (BOT)" for a bot.
export function nameText(p: Named): string {
  return p.bot ? `${p.name} (BOT)` : p.name;
}

// A link to the player's profile, their name (and tag) its text.
export function playerLink(p: Named & { id: string }, cls?: string): HTMLAnchorElement {
  return h('a', { href: `/p/${p.id}`, class: cls }, ...nameNodes(p));
}
