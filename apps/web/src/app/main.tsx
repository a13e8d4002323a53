import './zod-without-eval.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import '../shared/styles/tokens.css';
import '../shared/styles/base.css';
import { StartupGate } from './startup-gate.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

// A deploy replaces hashed chunks; a tab still running the old build reloads once to pick up the new one.
window.addEventListener('vite:preloadError', () => {
  if (sessionStorage.getItem('chunk-reload')) return;
  sessionStorage.setItem('chunk-reload', '1');
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StartupGate />
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
