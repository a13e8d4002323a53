import type { ReactNode } from 'react';
import './page-title.css';

export function PageTitle({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <h1 className="page-title">
      {icon ? <span className="page-title__icon">{icon}</span> : null}
      {children}
    </h1>
  );
}
