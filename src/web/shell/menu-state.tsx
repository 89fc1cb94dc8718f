import { createContext, use, useState, type ReactNode } from 'react';

interface MenuState {
  open: boolean;
  setOpen(open: boolean): void;
}

const MenuContext = createContext<MenuState>({ open: false, setOpen: () => undefined });

/**
 * Whether the side menu is open, held apart from the shell: opening it re-renders the Menú button and the menu,
 * not the view behind them. Held by the shell, a tap on Menú re-rendered the whole page (a home page's grid on a
 * slow phone) before the menu could show.
 */
export function MenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Its children are the app's shell, made once: a change here re-renders only the components that read it.
  return <MenuContext value={{ open, setOpen }}>{children}</MenuContext>;
}

export const useMenu = (): MenuState => use(MenuContext);
