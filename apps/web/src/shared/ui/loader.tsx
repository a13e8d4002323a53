import { create } from 'zustand';
import { BrandMark } from '../art/brand-logo.tsx';
import './loader.css';

/** The full-page loader's visibility; the router hides it after every navigation (spec 2.1). */
export const useLoader = create<{ visible: boolean; show(): void; hide(): void }>((set) => ({
  visible: true,
  show: () => set({ visible: true }),
  hide: () => set({ visible: false }),
}));

export function FullPageLoader({ label }: { label: string }) {
  return (
    <div className="loader" data-testid="app-loader" role="status" aria-live="polite">
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
