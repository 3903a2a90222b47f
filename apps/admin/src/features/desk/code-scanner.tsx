import { useEffect, useRef, useState } from 'react';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { voucherCodeIn } from './scanned-code.ts';

type Detector = { detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<{ rawValue: string }[]> };
type NativeDetector = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android, where most desks scan),
 * else the same API from ZXing-C++ compiled to WebAssembly (barcode-detector), its .wasm served from
 * our own assets: no CDN, and nothing loaded until the camera is asked for.
 */
async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  const formats: string[] = native ? await native.getSupportedFormats().catch(() => []) : [];
  if (native && formats.includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** Between two looks at the picture: fast enough to feel instant, slow enough to leave a phone cool. */
const scanIntervalMs = 120;

/**
 * Every other look is at the picture scaled down to this longer side: a code held up to the camera
 * still has a few pixels per module there, and the decoder's time grows with the pixels (a 1190×1684
 * frame took 0.42 s on a mid-range phone profile, the same at 452×640 0.2 s: bench/desk-scan.bench.ts).
 * The looks between are at full size, for a small or distant code.
 */
const quickLookSide = 640;

/** The video's current frame at most `side` pixels on its longer side, drawn onto `canvas`. */
function scaledFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  side: number,
): HTMLCanvasElement | null {
  const scale = side / Math.max(video.videoWidth, video.videoHeight);
  if (!(scale < 1)) return null;
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * The camera's picture with a frame to hold the code in; calls `onCode` once with the first voucher
 * code it reads, and `onUnavailable` when there is no camera or no permission (the typed code works).
 */
export function CodeScanner({
  onCode,
  onUnavailable,
}: {
  onCode(code: string): void;
  onUnavailable(): void;
}) {
  const texts = useDeskTexts();
  const video = useRef<HTMLVideoElement>(null);
  const [isStarting, setIsStarting] = useState(true);
  const handlers = useRef({ onCode, onUnavailable });
  handlers.current = { onCode, onUnavailable };

  useEffect(() => {
    let isStopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      try {
        const [camera, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createDetector(),
        ]);
        stream = camera;
        const element = video.current;
        if (isStopped || !element) {
          // Closed while the camera was starting: the clean-up found no stream to stop.
          for (const track of camera.getTracks()) track.stop();
          return;
        }
        element.srcObject = camera;
        await element.play();
        setIsStarting(false);
        const canvas = document.createElement('canvas');
        let looks = 0;
        const look = async () => {
          if (isStopped) return;
          if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const quick = looks++ % 2 === 0 ? scaledFrame(element, canvas, quickLookSide) : null;
            const found = await detector.detect(quick ?? element).catch(() => []);
            const code = found
              .map((barcode) => voucherCodeIn(barcode.rawValue))
              .find((value) => value !== null);
            if (code && !isStopped) {
              isStopped = true;
              handlers.current.onCode(code);
              return;
            }
          }
          timer = setTimeout(() => void look(), scanIntervalMs);
        };
        void look();
      } catch {
        if (!isStopped) handlers.current.onUnavailable();
      }
    };
    void start();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="code-scanner">
      {isStarting ? <p role="status">{texts.scanStarting}</p> : null}
      <div className="code-scanner-view">
        <video ref={video} muted playsInline aria-label={texts.scanHint} />
        <span className="code-scanner-frame" aria-hidden="true" />
      </div>
      <p className="secondary">{texts.scanHint}</p>
    </div>
  );
}
