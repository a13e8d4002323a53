import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the lobby's Content-Security-Policy
// forbids eval, so its probe is a CSP violation in every page load (Lighthouse best practices).
// Switched off before any schema is built: this module is main.tsx's first import.
config({ jitless: true });
