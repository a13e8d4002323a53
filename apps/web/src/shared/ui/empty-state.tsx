import type { ReactNode } from 'react';
import { EmptyStateIllustration } from '../art/illustrations.tsx';
import './empty-state.css';

export function EmptyState({
  title,
  text,
  art,
  action,
}: {
  title: string;
  text: string;
  art?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="empty-state">
      {art ?? <EmptyStateIllustration size={180} />}
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__text">{text}</p>
      {action}
    </section>
  );
}
