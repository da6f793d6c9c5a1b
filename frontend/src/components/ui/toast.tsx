import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSite } from "../../lib/site-context";
import { Icon } from "./icon";
import "./toast.css";

/**
 * The toast system. Wrap the app in <ToastProvider> (app.tsx does); any
 * component then calls `const toast = useToast()` and
 * `toast({ title, text?, variant?: "default" | "destructive", duration? })`.
 * At most 3 toasts are visible (the oldest leaves first), each for 4000 ms
 * unless `duration` says otherwise (Infinity: until dismissed), 356 px wide with a 14 px gap, in an
 * aria-live region that exists in the prerendered HTML so that screen
 * readers announce what is added to it.
 */
export interface ToastOptions {
  title: string;
  text?: ReactNode;
  variant?: "default" | "destructive";
  duration?: number;
  /**
   * silent shows the toast without announcing it, for news the page
   * already announces (the contact form's sent panel takes focus).
   */
  silent?: boolean;
}

interface ToastItem extends ToastOptions {
  id: number;
}

export const TOAST_LIMIT = 3;
export const TOAST_DURATION = 4000;

type ToastFn = (t: ToastOptions) => void;
const ToastContext = createContext<ToastFn>(() => {});

export function useToast(): ToastFn {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { layout } = useSite();
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setItems((l) => l.filter((t) => t.id !== id)), []);
  const toast = useCallback<ToastFn>((t) => {
    const id = ++next.current;
    setItems((l) => [...l, { ...t, id }].slice(-TOAST_LIMIT));
  }, []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* A landmark only while it holds a toast: an empty one was noise in a
          screen reader's list of landmarks on every page (a trial). So is
          an empty list, read as "list, 0 items" at every page's end (a
          trial): the list comes with its first toast, inside the live
          region, which is there from the start, as a live region must be. */}
      <section className="toasts" aria-label={items.some((t) => !t.silent) ? layout.ui.notifications : undefined}>
        <div aria-live="polite" aria-relevant="additions text">
          {items.length > 0 && (
            <ol>
              {items.map((t) => (
                <Toast key={t.id} item={t} onDismiss={dismiss} dismissLabel={layout.ui.dismiss} />
              ))}
            </ol>
          )}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss, dismissLabel }: { item: ToastItem; onDismiss: (id: number) => void; dismissLabel: string }) {
  useEffect(() => {
    // duration Infinity: until dismissed (a failure the visitor must act on).
    const duration = item.duration ?? TOAST_DURATION;
    if (!Number.isFinite(duration)) return;
    const timer = setTimeout(() => onDismiss(item.id), duration);
    return () => clearTimeout(timer);
  }, [item, onDismiss]);
  return (
    <li
      className={`toast toast--${item.variant ?? "default"}`}
      role={item.variant === "destructive" && !item.silent ? "alert" : undefined}
      aria-hidden={item.silent || undefined}
    >
      <div className="toast__content">
        <p className="toast__title">{item.title}</p>
        {item.text && <p className="toast__text">{item.text}</p>}
      </div>
      {/* A silent toast's button is for the pointer only: hidden from a
          screen reader with its toast, it must not be a Tab stop either
          (a trial reached it by Tab, a control the reader was told was
          not there). */}
      <button type="button" className="toast__close" aria-label={dismissLabel} tabIndex={item.silent ? -1 : undefined} onClick={() => onDismiss(item.id)}>
        <Icon name="x" size={16} />
      </button>
    </li>
  );
}
