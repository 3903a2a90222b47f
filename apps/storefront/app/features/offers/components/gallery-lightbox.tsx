import type { Offer } from '@shop/contracts/catalogue';
import {
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { srcSetFor } from '#app/ui/image.ts';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

type Image = Offer['images'][number];
type Props = { images: Image[]; startIndex: number; onClose: () => void };

const maxScale = 4;
const tapScale = 2.5;
/** A horizontal move this long (px) at normal size is a swipe to the next or previous picture. */
const swipeDistance = 50;

/** Where a zoom keeps its point: the fraction of the picture, and where that is in the stage (px). */
type Anchor = { fractionX: number; fractionY: number; stageX: number; stageY: number };

const clampScale = (scale: number) => Math.min(maxScale, Math.max(1, scale));

/**
 * The pictures large, in a modal dialog (focus trapped, Escape closes, focus back on the picture that
 * opened it). Arrow keys and swipes browse; a tap or click, the zoom button, + and -, or two fingers
 * zoom; a zoomed picture pans by scrolling (touch, wheel, scroll bars).
 */
export default function GalleryLightbox({ images, startIndex, onClose }: Props) {
  const t = useT();
  const titleId = useId();
  const [index, setIndex] = useState(startIndex);
  const [scale, setScale] = useState(1);
  const stage = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; distance: number; scale: number; moved: boolean }>(
    { startX: 0, startY: 0, distance: 0, scale: 1, moved: false },
  );
  const count = images.length;
  const image = images[index] ?? images[0];
  const title = t('offer.lightbox.title', { index: index + 1, count });

  const show = (next: number) => {
    setIndex(((next % count) + count) % count);
    setScale(1);
  };
  const zoomTo = (next: number, at?: Anchor) => {
    const element = stage.current;
    anchor.current =
      at ??
      (element
        ? {
            fractionX: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
            fractionY: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
            stageX: element.clientWidth / 2,
            stageY: element.clientHeight / 2,
          }
        : null);
    setScale(clampScale(next));
  };

  // After a zoom, scroll so that the anchored point of the picture stays where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of scale
  useLayoutEffect(() => {
    const element = stage.current;
    const at = anchor.current;
    if (!element || !at) return;
    element.scrollLeft = at.fractionX * element.scrollWidth - at.stageX;
    element.scrollTop = at.fractionY * element.scrollHeight - at.stageY;
    anchor.current = null;
  }, [scale]);

  // Keys anywhere in the dialog (the dialog is modal: nothing else has focus meanwhile).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') show(index + 1);
      else if (event.key === 'ArrowLeft') show(index - 1);
      else if (event.key === '+' || event.key === '=') zoomTo(scale * 1.5);
      else if (event.key === '-') zoomTo(scale / 1.5);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const anchorAt = (clientX: number, clientY: number): Anchor | undefined => {
    const element = stage.current;
    if (!element) return undefined;
    const box = element.getBoundingClientRect();
    const stageX = clientX - box.left;
    const stageY = clientY - box.top;
    return {
      fractionX: (element.scrollLeft + stageX) / element.scrollWidth,
      fractionY: (element.scrollTop + stageY) / element.scrollHeight,
      stageX,
      stageY,
    };
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = {
      startX: event.clientX,
      startY: event.clientY,
      distance: spread(),
      scale,
      moved: pointers.current.size > 1,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const { distance } = gesture.current;
    if (pointers.current.size === 2 && distance > 0) {
      const [a, b] = [...pointers.current.values()];
      const middle = a && b ? anchorAt((a.x + b.x) / 2, (a.y + b.y) / 2) : undefined;
      zoomTo((gesture.current.scale * spread()) / distance, middle);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (wasPinch || scale > 1) return;
    const dx = event.clientX - gesture.current.startX;
    const dy = event.clientY - gesture.current.startY;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) {
      gesture.current.moved = true;
      show(dx < 0 ? index + 1 : index - 1);
    }
  };
  const onPictureClick = (event: MouseEvent<HTMLImageElement>) => {
    if (gesture.current.moved) return;
    zoomTo(scale > 1 ? 1 : tapScale, anchorAt(event.clientX, event.clientY));
  };
  if (!image) return null;
  const large = image.url.replace(/\/\d+\.webp$/, '/1280.webp');
  return (
    <ModalDialog isOpen onClose={onClose} labelledBy={titleId} className="lightbox">
      <DialogHeader id={titleId} title={title} closeLabel={t('offer.lightbox.close')} onClose={onClose} />
      <div
        ref={stage}
        className={scale > 1 ? 'lightbox-stage is-zoomed' : 'lightbox-stage'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
      >
        {/* A tap zooms: the zoom button and + / - do the same for keyboards. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the zoom button is the keyboard's way */}
        <img
          key={image.url}
          className="lightbox-picture"
          src={large}
          srcSet={srcSetFor(image.url)}
          sizes={`${Math.round(scale * 100)}vw`}
          alt={image.alt}
          style={scale > 1 ? { width: `${scale * 100}%`, maxWidth: 'none', maxHeight: 'none' } : undefined}
          onClick={onPictureClick}
          draggable={false}
        />
      </div>
      <div className="lightbox-controls">
        <button
          type="button"
          className="button secondary"
          onClick={() => show(index - 1)}
          aria-label={t('offer.lightbox.previous')}
          disabled={count < 2}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => zoomTo(scale > 1 ? 1 : tapScale)}
          aria-pressed={scale > 1}
          aria-label={t('offer.lightbox.zoomIn')}
        >
          <span aria-hidden="true">{scale > 1 ? '−' : '+'}</span>
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => show(index + 1)}
          aria-label={t('offer.lightbox.next')}
          disabled={count < 2}
          data-autofocus
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="lightbox-hint muted small">{t('offer.lightbox.hint')}</p>
      <p className="visually-hidden" aria-live="polite">
        {`${title}: ${image.alt}`}
      </p>
    </ModalDialog>
  );
}
