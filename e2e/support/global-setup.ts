import { request } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { withdrawPopupAnnouncements } from './content-ops.ts';

/**
 * Runs once the servers are up, before any test: the demo seed's popup announcement would cover
 * the page of every test that logs in; content-announcements.spec.ts publishes the popups it
 * looks at and withdraws them again.
 */
export default async function globalSetup(): Promise<void> {
  const context = await request.newContext({ baseURL });
  try {
    await withdrawPopupAnnouncements(context);
  } finally {
    await context.dispose();
  }
}
