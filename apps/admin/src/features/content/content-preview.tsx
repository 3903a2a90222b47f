import type { ContentPreview as Preview } from '@shop/contracts/admin-content';
import type { Locale } from '@shop/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
// The shop's own stylesheet, as a file of this build: the preview is the page in the shop's styles,
// in a frame of its own so that the shop's global rules (body, h1, a) stay out of the back office.
import shopStylesHref from '../../../../storefront/app/styles.css?url';
import { useContentTexts } from '../../i18n/content-texts.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { brandsQuery } from '../orders/api/get-orders.ts';
import { previewContent } from './api/content.ts';

/** How long typing pauses before the preview is asked for again. */
const debounceMs = 300;

export type PreviewSource = { brand: string; locale: Locale; name: string; title: string; body: string };

/**
 * The page as the shop shows it: the server renders the Markdown with the storefront's own component
 * (escaped, the brand's company and contacts filled in); a frame without scripts shows that HTML with
 * the shop's stylesheet and the brand's colours.
 */
export function ContentPreview({ source }: { source: PreviewSource }) {
  const texts = useContentTexts();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [isUpdating, setUpdating] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  // A default page shows under every brand: its preview fills in the brand the author chooses.
  const isDefaultPage = source.brand === '';
  const brands = useQuery({ ...brandsQuery(), enabled: isDefaultPage });
  const [chosen, setChosen] = useState('');
  const brand = isDefaultPage ? chosen || (brands.data?.[0]?.short ?? '') : source.brand;
  const { locale, name, title, body } = source;

  useEffect(() => {
    const call = ++latest.current;
    setUpdating(true);
    const timer = setTimeout(() => {
      previewContent({ ...(brand ? { brand } : {}), locale, name, title, body })
        .then((answer) => {
          if (call !== latest.current) return;
          setPreview(answer);
          setFailed(false);
        })
        .catch(() => {
          if (call === latest.current) setFailed(true);
        })
        .finally(() => {
          if (call === latest.current) setUpdating(false);
        });
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [brand, locale, name, title, body]);

  return (
    <section aria-labelledby="content-preview-heading" className="content-preview stack">
      <h3 id="content-preview-heading">{texts.preview}</h3>
      {isDefaultPage ? (
        <SelectField
          label={texts.previewBrand}
          value={brand}
          options={(brands.data ?? []).map((option) => ({ id: option.short, label: option.name }))}
          onChange={setChosen}
        />
      ) : null}
      <p className="content-preview-state" aria-live="polite">
        {isUpdating ? texts.previewUpdating : preview ? texts.previewAs(preview.brand) : ''}
      </p>
      {failed ? <p className="problem">{texts.previewFailed}</p> : null}
      <ShopFrame title={texts.previewFrame} preview={preview} />
    </section>
  );
}

function ShopFrame({ title, preview }: { title: string; preview: Preview | null }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (!document?.head || !document.body || loads < 0) return;
    if (!document.head.querySelector('link[rel="stylesheet"]')) {
      const stylesheet = document.createElement('link');
      stylesheet.rel = 'stylesheet';
      stylesheet.href = shopStylesHref;
      document.head.append(stylesheet);
      // A link in the preview leads nowhere: it would open a back-office address inside the frame.
      document.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest?.('a')) event.preventDefault();
      });
    }
    // The brand's colours as the shop sets them on <html> (theming is data); CSSOM, so no inline style.
    for (const [key, value] of Object.entries(preview?.colors ?? {})) {
      const property = `--color-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
      document.documentElement.style.setProperty(property, value);
    }
    // The server's HTML: the storefront component's output, in which every character of the author's
    // text is escaped; the frame runs no scripts either way (sandbox without allow-scripts).
    document.body.innerHTML = preview ? `<main>${preview.html}</main>` : '';
  }, [preview, loads]);

  return (
    <iframe
      ref={frame}
      title={title}
      className="content-preview-frame"
      sandbox="allow-same-origin"
      data-testid="content-preview"
      onLoad={() => setLoads((count) => count + 1)}
    />
  );
}
