// The player's turn noticed from another tab: while the page is
// hidden and it is the player's turn, the title says so first and the
// favicon carries a mark; a notification says it too when the player asked
// for one (prefs.ts). Back in view, title and icon are as before.
import { t } from '../../i18n';
import { notifyOn } from './prefs';

// The document title: the table's own (`base`), led by the turn while hidden.
export function turnTitle(base: string, myTurn: boolean, hidden: boolean): string {
  return myTurn && hidden ? `● ${t('table.turn.you')} — ${base}` : base;
}

// A round mark in the accent colour (a data: URL, which the CSP's img-src allows).
const MARKED_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#c8102e"/></svg>',
  );

export class TurnNotice {
  private base = 'fourtable';
  private myTurn = false;
  private icon: HTMLLinkElement | null = null;
  private plainIcon = '';

  constructor() {
    document.addEventListener('visibilitychange', () => this.show());
  }

  // Called on every draw of the page.
  update(base: string, myTurn: boolean): void {
    this.base = base;
    this.myTurn = myTurn;
    this.show();
  }

  // The turn just came to the player: a notification if asked for and hidden.
  turnCame(): void {
    if (!document.hidden || !notifyOn()) return;
    try {
      new Notification(t('table.turn.you'), { body: this.base, tag: 'fourtable-turn' });
    } catch {
      // some browsers allow notifications from a service worker only
    }
  }

  private show(): void {
    const title = turnTitle(this.base, this.myTurn, document.hidden);
    if (document.title !== title) document.title = title;
    this.icon ??= document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!this.icon) return;
    if (!this.plainIcon) this.plainIcon = this.icon.href;
    const href = this.myTurn && document.hidden ? MARKED_ICON : this.plainIcon;
    if (this.icon.href !== href) this.icon.href = href;
  }
}
