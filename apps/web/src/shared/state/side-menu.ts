import { create } from 'zustand';

/** Side menu: collapsed to icons on desktop, a drawer on phones (open or closed). */
export const useSideMenu = create<{
  collapsed: boolean;
  drawerOpen: boolean;
  toggleCollapsed(): void;
  setDrawer(open: boolean): void;
}>((set) => ({
  collapsed: false,
  drawerOpen: false,
  toggleCollapsed: () => set((state) => ({ collapsed: !state.collapsed })),
  setDrawer: (open) => set({ drawerOpen: open }),
}));
