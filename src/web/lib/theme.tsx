import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { serializeTheme, type Theme } from "~/lib/theme";

interface ThemeValue {
  /** What the person picked; null while following the device. */
  picked: Theme | null;
  /** What is showing now. */
  effective: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeValue>({ picked: null, effective: "light", setTheme: () => {} });

export function ThemeProvider({ initial, children }: { initial: Theme | null; children: ReactNode }) {
  const [picked, setPicked] = useState(initial);
  const [system, setSystem] = useState<Theme>("light");
  useEffect(() => setPicked(initial), [initial]);
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const update = () => setSystem(query.matches ? "dark" : "light");
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  const setTheme = (theme: Theme) => {
    setPicked(theme);
    document.documentElement.dataset.theme = theme;
    document.cookie = serializeTheme(theme, location.protocol === "https:");
  };
  return (
    <ThemeContext.Provider value={{ picked, effective: picked ?? system, setTheme }}>{children}</ThemeContext.Provider>
  );
}

export const useTheme = () => useContext(ThemeContext);
