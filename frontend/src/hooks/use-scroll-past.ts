import { useEffect, useState } from "react";

/**
 * useScrollPast reports whether the page is scrolled more than threshold
 * pixels. It is false during prerender and hydration, so the first client
 * render matches the server HTML; the effect then reads the real position.
 */
export function useScrollPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}
