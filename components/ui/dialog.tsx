"use client";

import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { cn } from "./cn";

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside the dialog: `showModal()` makes the page inert, but from the
 * last (or first) control browsers move focus on to their own interface, out of the dialog.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest("[inert]"));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !items.includes(active as HTMLElement);
  if (e.shiftKey && (active === first || (outside && active === e.currentTarget))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert,
 * Tab and Shift+Tab cycle through its controls, Escape closes it, and focus returns to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement as HTMLElement | null;
      el.showModal();
      return () => {
        if (el.open) el.close();
        opener?.focus?.();
      };
    }
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onKeyDown={wrapTab}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={cn("m-auto max-h-[90vh] w-[min(640px,calc(100vw-2rem))] rounded-xl border border-line bg-card p-0 text-ink backdrop:bg-black/60", className)}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-3">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button type="button" onClick={onClose} className="rounded p-1 text-muted hover:text-ink" aria-label="Close">
              ✕
            </button>
          </div>
          <div className="p-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
