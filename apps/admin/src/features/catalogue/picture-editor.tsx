import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useUploadPicture } from './api/catalogue.ts';
import { fieldMessagesOf, wholeNumber } from './form-bits.tsx';

/** The shop shows pictures at 3:2; the crop frame keeps that shape. */
const ratio = 3 / 2;
const smallestWidth = 640;

type Source = { file: File; dataUrl: string; width: number; height: number };
type Crop = { left: number; top: number; width: number };

const heightOf = (width: number) => Math.round(width / ratio);

/** The largest 3:2 frame that fits, centred. */
function fullCrop(source: Source): Crop {
  const width = Math.min(source.width, Math.floor(source.height * ratio));
  return {
    width,
    left: Math.floor((source.width - width) / 2),
    top: Math.floor((source.height - heightOf(width)) / 2),
  };
}

/** Kept inside the picture and no smaller than the shop's smallest size (or the picture). */
function clampCrop(source: Source, crop: Crop): Crop {
  const largest = Math.min(source.width, Math.floor(source.height * ratio));
  const width = Math.round(Math.max(Math.min(smallestWidth, largest), Math.min(largest, crop.width)));
  const left = Math.round(Math.max(0, Math.min(source.width - width, crop.left)));
  const top = Math.round(Math.max(0, Math.min(source.height - heightOf(width), crop.top)));
  return { left, top, width };
}

function readSource(file: File): Promise<Source> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      // A data: address: the back office's CSP allows those for pictures, not blob: ones.
      const dataUrl = String(reader.result);
      const image = new Image();
      image.onload = () => resolve({ file, dataUrl, width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error('not a picture'));
      image.src = dataUrl;
    };
    reader.readAsDataURL(file);
  });
}

export type Picture = { seed: string; url: string };

/**
 * A hotel's or offer's pictures: thumbnails with remove and move left/right, and an upload of a new
 * one with a 3:2 crop frame moved and resized by pointer, arrow keys (plus/minus: size) or numbers.
 */
export function PictureEditor({
  pictures,
  onChange,
  error,
  alt,
  isReadOnly = false,
}: {
  /** Support reads the catalogue: the pictures without the buttons that change them. */
  isReadOnly?: boolean;
  pictures: Picture[];
  onChange(pictures: Picture[]): void;
  error?: string | undefined;
  /** The thumbnails' text alternative ("Picture 2 of the hotel"). */
  alt(position: number): string;
}) {
  const texts = useCatalogueTexts();
  const announce = useAnnounce();
  const move = (index: number, by: number) => {
    const next = [...pictures];
    const [picture] = next.splice(index, 1);
    if (!picture) return;
    next.splice(index + by, 0, picture);
    onChange(next);
    announce(texts.pictures.moved(index + by + 1));
  };
  return (
    <fieldset className="fieldset">
      <legend>{texts.pictures.legend}</legend>
      {pictures.length === 0 ? <p>{texts.pictures.none}</p> : null}
      <ol className="picture-list">
        {pictures.map((picture, index) => (
          <li key={picture.seed}>
            <img src={picture.url} alt={alt(index + 1)} width={160} height={107} />
            <div className="row-actions" hidden={isReadOnly}>
              <Button className="button" isDisabled={index === 0} onPress={() => move(index, -1)}>
                {texts.pictures.left}
                <span className="visually-hidden"> {alt(index + 1)}</span>
              </Button>
              <Button
                className="button"
                isDisabled={index === pictures.length - 1}
                onPress={() => move(index, 1)}
              >
                {texts.pictures.right}
                <span className="visually-hidden"> {alt(index + 1)}</span>
              </Button>
              <Button
                className="button"
                onPress={() => {
                  onChange(pictures.filter((_, other) => other !== index));
                  announce(texts.pictures.removed);
                }}
              >
                {texts.pictures.remove}
                <span className="visually-hidden"> {alt(index + 1)}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {error ? <p className="field-error">{error}</p> : null}
      {isReadOnly ? null : (
        <PictureUpload
          onUploaded={(picture) => {
            onChange([...pictures, picture]);
            announce(texts.pictures.uploaded);
          }}
        />
      )}
    </fieldset>
  );
}

function PictureUpload({ onUploaded }: { onUploaded(picture: Picture): void }) {
  const texts = useCatalogueTexts();
  const id = useId();
  const upload = useUploadPicture();
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState<Crop>({ left: 0, top: 0, width: 0 });
  const [unreadable, setUnreadable] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadError = fieldMessagesOf(upload.error).picture;

  const choose = async (file: File | undefined) => {
    upload.reset();
    setUnreadable(false);
    if (!file) return setSource(null);
    try {
      const read = await readSource(file);
      setSource(read);
      setCrop(fullCrop(read));
    } catch {
      setSource(null);
      setUnreadable(true);
    }
  };
  const change = (next: Partial<Crop>) => source && setCrop(clampCrop(source, { ...crop, ...next }));

  return (
    <div className="stack picture-upload">
      <div className="field">
        <label htmlFor={id}>{texts.pictures.choose}</label>
        <input
          ref={fileInput}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`${id}-d`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <span id={`${id}-d`} className="field-description">
          {texts.pictures.chooseHint}
        </span>
      </div>
      {unreadable ? (
        <p className="field-error" role="alert">
          {texts.pictures.unreadable}
        </p>
      ) : null}
      {source ? (
        <>
          <CropFrame source={source} crop={crop} onChange={change} />
          <div className="crop-numbers">
            <NumberBox
              label={texts.pictures.cropLeft}
              value={crop.left}
              onChange={(left) => change({ left })}
            />
            <NumberBox label={texts.pictures.cropTop} value={crop.top} onChange={(top) => change({ top })} />
            <NumberBox
              label={texts.pictures.cropWidth}
              value={crop.width}
              onChange={(width) => change({ width })}
            />
          </div>
          <p>{texts.pictures.cropSize(crop.width, heightOf(crop.width), source.width, source.height)}</p>
          <ProblemMessage error={upload.error} />
          {uploadError ? <p className="field-error">{uploadError}</p> : null}
          <div className="row-actions">
            <Button
              className="button primary"
              onPress={() => {
                if (upload.isPending) return;
                upload.mutate(
                  { file: source.file, crop: { ...crop, height: heightOf(crop.width) } },
                  {
                    onSuccess: (answer) => {
                      onUploaded({ seed: answer.seed, url: answer.url });
                      setSource(null);
                      if (fileInput.current) fileInput.current.value = '';
                    },
                  },
                );
              }}
            >
              {upload.isPending ? texts.pictures.uploading : texts.pictures.upload}
            </Button>
            <Button
              className="button"
              onPress={() => {
                setSource(null);
                upload.reset();
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              {texts.pictures.discard}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function NumberBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={0}
        value={typed ?? String(value)}
        onChange={(event) => {
          setTyped(event.target.value);
          const number = wholeNumber(event.target.value);
          if (number !== null) onChange(number);
        }}
        onBlur={() => setTyped(null)}
      />
    </div>
  );
}

/**
 * The picture with the frame over it. The frame is a focusable control: arrow keys move it (with Shift
 * ten times as far), plus and minus change its size; a pointer drags it.
 */
function CropFrame({
  source,
  crop,
  onChange,
}: {
  source: Source;
  crop: Crop;
  onChange(next: Partial<Crop>): void;
}) {
  const texts = useCatalogueTexts();
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const scale = () => source.width / (box.current?.clientWidth || source.width);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = Math.max(1, Math.round(source.width / 100)) * (event.shiftKey ? 10 : 1);
    const moves: Record<string, Partial<Crop>> = {
      ArrowLeft: { left: crop.left - step },
      ArrowRight: { left: crop.left + step },
      ArrowUp: { top: crop.top - step },
      ArrowDown: { top: crop.top + step },
      '+': { width: crop.width + step, left: crop.left - step / 2, top: crop.top - step / 3 },
      '-': { width: crop.width - step, left: crop.left + step / 2, top: crop.top + step / 3 },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, left: crop.left, top: crop.top };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    onChange({
      left: start.left + (event.clientX - start.x) * scale(),
      top: start.top + (event.clientY - start.y) * scale(),
    });
  };
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <>
      <div className="crop-box" ref={box}>
        <img src={source.dataUrl} alt={texts.pictures.chosen} />
        <button
          type="button"
          className="crop-frame"
          aria-label={texts.pictures.frame}
          aria-roledescription={texts.pictures.frameRole}
          aria-describedby="crop-help"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          style={{
            left: percent(crop.left, source.width),
            top: percent(crop.top, source.height),
            width: percent(crop.width, source.width),
            height: percent(heightOf(crop.width), source.height),
          }}
        />
      </div>
      <p id="crop-help" className="field-description">
        {texts.pictures.frameHelp}
      </p>
    </>
  );
}
