/**
 * Open/closed state of the dashboard's side menu. The navbar owns the toggle button
 * (docs/product.md §2.2) and the dashboard layout owns the menu, so they share this small context.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface DashboardSidebarState {
  /** Whether the side menu is open on small screens (large screens always show it). */
  open: boolean;
  toggle(): void;
  close(): void;
}

const DashboardSidebarContext = createContext<DashboardSidebarState | null>(null);

export function DashboardSidebarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ open, toggle, close }), [open, toggle, close]);
  return <DashboardSidebarContext value={value}>{children}</DashboardSidebarContext>;
}

export function useDashboardSidebar(): DashboardSidebarState {
  const state = useContext(DashboardSidebarContext);
  if (!state) throw new Error('useDashboardSidebar needs a DashboardSidebarProvider above it');
  return state;
}
