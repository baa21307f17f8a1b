import { html, raw } from 'hono/html';

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: Date;
}

// No script (the CSP allows none inline) and no client code: a plain page, every value escaped by `html`.
const style = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f6fb; color: #0b1f3a; }
  header { background: #0b1f3a; color: #fff; padding: 20px; }
  .bar, main { max-width: 48rem; margin: 0 auto; }
  .bar { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
  .brand { display: inline-flex; align-items: center; gap: 10px; font-size: 1.25rem; font-weight: 700; }
  .brand img { border-radius: 10px; }
  .tag { background: #fef3c7; color: #92400e; border-radius: 999px; padding: 4px 12px; font-size: .75rem; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; }
  main { padding: 24px 16px; }
  .title { display: flex; align-items: center; justify-content: space-between; margin-bottom: 16px; }
  h1 { font-size: 1.5rem; margin: 0; }
  .refresh { border-radius: 10px; padding: 8px 14px; background: #fff; color: #0b1f3a; font-weight: 600; text-decoration: none; box-shadow: inset 0 0 0 1px #cbd5e1; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  li, .empty { background: #fff; border-radius: 16px; padding: 20px; box-shadow: inset 0 0 0 1px #dfe5ef; }
  .head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; }
  .subject { font-weight: 600; margin: 0; }
  .muted { color: #55627a; font-size: .875rem; }
  .to { margin: 4px 0 0; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; font-size: .875rem; margin: 12px 0 0; }
  .link { display: block; margin-top: 8px; font-size: .875rem; font-weight: 600; color: #163a6b; overflow-wrap: anywhere; }
  .empty { text-align: center; }
`;

const mailItem = (m: OutboxMail) =>
  html`<li>
    <div class="head">
      <p class="subject">${m.subject}</p>
      <time class="muted" datetime="${m.sentAt.toISOString()}">${m.sentAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>
    </div>
    <p class="muted to">To: ${m.to}</p>
    <pre>${m.text}</pre>
    ${m.links.map((l) => html`<a class="link" href="${l}">${l}</a>`)}
  </li>`;

/** The developer page: the e-mails the outbox mail provider has "sent", newest first. */
export function outboxPage(mails: OutboxMail[]) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Dev outbox · MedicPrep</title>
        <link rel="icon" href="/icons/icon.svg" />
        <style>
          ${raw(style)}
        </style>
      </head>
      <body>
        <header>
          <div class="bar">
            <span class="brand"><img src="/icons/icon.svg" alt="" width="36" height="36" />MedicPrep</span>
            <span class="tag">Dev outbox</span>
          </div>
        </header>
        <main>
          <div class="title">
            <h1>Sent e-mails</h1>
            <a class="refresh" href="/dev/outbox">Refresh</a>
          </div>
          ${
            mails.length === 0
              ? html`<p class="empty muted">No e-mails yet. Sign up or request a password reset to see one here.</p>`
              : html`<ul>
                  ${mails.map(mailItem)}
                </ul>`
          }
        </main>
      </body>
    </html>`;
}
