import { createContext, useContext } from 'react';

/**
 * The stylesheet's text, which only the server knows (entry.server.tsx reads the built file). Shipping
 * it inside the HTML saves the render-blocking round trip for the CSS: on a slow phone connection the
 * first paint comes one request earlier (bench/RESULTS.md, Lighthouse).
 */
export const StylesheetTextContext = createContext<string | null>(null);

/**
 * The stylesheet at `href`, inlined as a <style> when the server could read it, else linked (the
 * development server, where Vite serves the CSS itself). The browser keeps what the server sent:
 * hydration reads the text back from the document instead of carrying a second copy in the JS.
 */
export function InlineStylesheet({ href, nonce }: { href: string; nonce?: string | undefined }) {
  const serverText = useContext(StylesheetTextContext);
  const text =
    typeof document === 'undefined'
      ? serverText
      : (document.querySelector(`style[data-href="${href}"]`)?.textContent ?? null);
  if (text === null) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input
  return <style data-href={href} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
