const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html with the lobby's scripts started by public/start-lobby.js once the first
 * paint is on screen (ADR 046), instead of requested with the page: on a slow network the
 * stylesheet and the first banner then have the bandwidth to themselves. The entry and its
 * preloads are handed over in data attributes, in the order Vite wrote them.
 */
export function startAfterFirstPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('index.html: no module entry script to start after the first paint');
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const starter = `\n    <script src="/start-lobby.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>`;
  return html.replace(PRELOAD, '').replace(ENTRY, starter);
}
