import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ fontSize: '1.6rem', margin: '8px 0 20px' }}>{children}</h1>;
}
