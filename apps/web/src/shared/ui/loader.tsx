import { create } from 'zustand';
import { BrandMark } from '../art/brand-logo.tsx';
import './loader.css';

/**
 * The full-page loader over the lobby, shown by long actions (logging out, launching a game);
 * the router hides it after every navigation (spec 2.1). The start-up gate has its own.
 */
export const useLoader = create<{ visible: boolean; show(): void; hide(): void }>((set) => ({
  visible: false,
  show: () => set({ visible: true }),
  hide: () => set({ visible: false }),
}));

/** The brand mark spinning; `inline` fills the content area (a page loading) instead of the screen. */
export function FullPageLoader({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <div
      className={`loader${inline ? ' loader--inline' : ''}`}
      data-testid="app-loader"
      role="status"
      aria-live="polite"
    >
      <div className="loader__mark">
        <BrandMark size={56} />
      </div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function GlobalLoader({ label }: { label: string }) {
  const visible = useLoader((state) => state.visible);
  return visible ? <FullPageLoader label={label} /> : null;
}
