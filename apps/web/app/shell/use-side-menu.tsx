import { Suspense, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { loadOnDemand } from "../ui/load-on-demand.ts";

const sideMenu = loadOnDemand(() => import("./SideMenu.tsx").then((module) => module.SideMenu));

/** What a button needs to open the side menu: open on click, fetch the menu as the visitor nears it. */
export type SideMenuTriggerProps = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "onClick" | "onPointerEnter" | "onFocus" | "aria-haspopup"
>;

/**
 * The side menu and the props of the buttons that open it. The menu (Radix dialog, focus trap,
 * scroll lock) is not part of the first paint: it loads on the first open, or earlier on
 * pointerenter/focus of a trigger, and stays mounted afterwards so it can animate closed.
 */
export function useSideMenu(): { triggerProps: SideMenuTriggerProps; menu: ReactNode } {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const triggerProps: SideMenuTriggerProps = {
    onClick: () => {
      setUsed(true);
      setOpen(true);
    },
    onPointerEnter: sideMenu.preload,
    onFocus: sideMenu.preload,
    "aria-haspopup": "dialog",
  };
  const menu = used ? (
    <Suspense fallback={null}>
      <sideMenu.Component open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
  return { triggerProps, menu };
}
